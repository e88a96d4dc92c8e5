import OrdersCore
import OrdersPresentation
import TermRender

/// The top line: order id, its status, a mark while someone else's change is recent,
/// whether a write is under way, and where the order sits in the list ("12 of 340").
struct DetailHeader: View {
    let model: OrderDetailModel
    @Environment(\.theme) private var theme

    var body: some View {
        HStack(spacing: 2) {
            Text(model.numberText).style(theme.title).layoutPriority(2)
            if let order = model.order, let status = model.statusText {
                Text(status).style(theme.style(for: order.status)).layoutPriority(1)
            }
            if let change = model.outsideChangeText {
                Text(change).style(theme.warning).lineLimit(1)
            }
            Spacer()
            if let writing = model.list.writeState.text {
                Text(writing).style(theme.warning).lineLimit(1)
            }
            if let position = model.positionText {
                Text(position).style(theme.secondaryText)
            }
        }
    }
}
