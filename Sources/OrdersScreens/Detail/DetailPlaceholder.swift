import OrdersCore
import OrdersPresentation
import TermRender

/// What the body shows before the order is there: loading, or why it is missing.
struct DetailPlaceholder: View {
    let model: OrderDetailModel
    @Environment(\.theme) private var theme

    var body: some View {
        if model.isLoading {
            Text("Loading \(model.numberText)…").style(theme.placeholder)
        } else {
            Text(model.errorMessage ?? "\(model.numberText) is not available.").style(theme.danger)
        }
    }
}
