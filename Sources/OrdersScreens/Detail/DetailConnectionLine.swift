import OrdersCore
import OrdersPresentation
import TermRender

/// Whether the database can be reached, above the hints, as the list's status bar says it
/// (`OrderListModel.connectionText`): an operator on an order's detail sees the outage too.
/// Nothing while all is well.
struct DetailConnectionLine: View {
    let model: OrderDetailModel
    @Environment(\.theme) private var theme

    var body: some View {
        if let connection = model.list.connectionText {
            Text(connection).style(theme.warning).lineLimit(1)
        }
    }
}
