import OrdersCore
import OrdersPresentation
import TermRender

/// Why the last action on this order failed, above the hints; nothing otherwise.
/// (Without an order the placeholder already says it.)
struct DetailErrorLine: View {
    let model: OrderDetailModel
    @Environment(\.theme) private var theme

    var body: some View {
        if model.order != nil, let error = model.errorMessage {
            Text(error).style(theme.danger).lineLimit(1)
        }
    }
}
