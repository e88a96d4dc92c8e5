import OrdersCore
import OrdersPresentation
import TermRender

/// One of the customer's other orders: number, date, total and statuses; the one Enter opens
/// marked with `›` and in the selection style, so it shows without colour too.
struct CustomerOrderRow: View {
    let row: DetailCustomerOrder
    @Environment(\.theme) private var theme

    var body: some View {
        (Text(row.isSelected ? "› " : "  ") + Text(row.number) + Text("  " + row.dateText).style(theme.secondaryText)
            + Text("  " + row.totalText) + Text("  " + row.statusText).style(theme.secondaryText))
            .style(row.isSelected ? theme.selection : theme.text)
            .lineLimit(1)
    }
}
