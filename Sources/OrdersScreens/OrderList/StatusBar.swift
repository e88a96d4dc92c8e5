import OrdersCore
import TermRender

/// The line above the key hints: the last error or message.
struct StatusBar: View {
    let model: OrderListModel
    @Environment(\.theme) private var theme

    public var body: some View {
        if let error = model.errorMessage {
            Text(error).style(theme.danger).lineLimit(1)
        } else {
            Text(model.statusMessage ?? " ").style(theme.secondaryText).lineLimit(1)
        }
    }
}
