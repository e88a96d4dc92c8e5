import OrdersCore
import OrdersPresentation
import TermRender

/// The line items with the totals under them.
struct OrderMoneySection: View {
    let model: OrderDetailModel

    var body: some View {
        VStack(spacing: 0) {
            DetailSectionTitle("Items")
            LineItemsTable(lines: model.lines, showsSent: model.showsSentQuantities)
            TotalsSection(rows: model.moneyRows)
        }
    }
}
