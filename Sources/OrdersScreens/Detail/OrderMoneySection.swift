import OrdersCore
import TermRender

/// The line items with the totals under them.
struct OrderMoneySection: View {
    let model: OrderDetailModel
    var maxItemRows: Int?

    var body: some View {
        VStack(spacing: 0) {
            DetailSectionTitle("Items")
            LineItemsTable(lines: model.lines, maxRows: maxItemRows)
            if let totals = model.totals {
                TotalsSection(totals: totals)
            }
        }
    }
}
