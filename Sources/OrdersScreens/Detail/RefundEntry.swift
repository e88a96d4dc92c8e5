import OrdersCore
import OrdersPresentation
import TermRender

/// One refund: id, date, amount and reason on the first line; the lines, shipping and restock below.
struct RefundEntry: View {
    let refund: DetailRefund
    @Environment(\.theme) private var theme

    var body: some View {
        VStack(spacing: 0) {
            Text(refund.id).style(theme.accent) + Text("  " + refund.dateText).style(theme.secondaryText)
                + Text("  " + refund.amountText)
            if let reason = refund.reason {
                Text(reason).padding(.leading, 2)
            }
            if let detail = refund.detail {
                Text(detail).style(theme.secondaryText).padding(.leading, 2)
            }
        }
    }
}
