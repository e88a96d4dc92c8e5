import OrdersCore
import TermRender

/// Subtotal, discount, shipping, tax and total, right-aligned under the line totals.
struct TotalsSection: View {
    let totals: DetailTotals
    @Environment(\.theme) private var theme

    var body: some View {
        HStack(alignment: .top, spacing: 3) {
            Spacer()
            VStack(alignment: .trailing, spacing: 0) {
                Text("Subtotal").style(theme.secondaryText)
                Text("Discount").style(theme.secondaryText)
                Text("Shipping").style(theme.secondaryText)
                Text("Tax").style(theme.secondaryText)
                Text("Total").style(theme.title)
            }
            VStack(alignment: .trailing, spacing: 0) {
                Text(totals.subtotal)
                Text(totals.discount)
                Text(totals.shipping)
                Text(totals.tax)
                Text(totals.total).style(theme.title)
            }
        }
    }
}
