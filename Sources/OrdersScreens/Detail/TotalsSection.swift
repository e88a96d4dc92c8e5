import OrdersCore
import OrdersPresentation
import TermRender

/// The money rows (subtotal to total, then refunds, balance and the shop's amount), right-aligned
/// under the line totals.
struct TotalsSection: View {
    let rows: [DetailMoneyRow]
    @Environment(\.theme) private var theme

    var body: some View {
        HStack(alignment: .top, spacing: 3) {
            Spacer()
            VStack(alignment: .trailing, spacing: 0) {
                ForEach(rows.indices) { index in
                    Text(rows[index].label).style(labelStyle(rows[index].weight))
                }
            }
            VStack(alignment: .trailing, spacing: 0) {
                ForEach(rows.indices) { index in
                    Text(rows[index].amount).style(amountStyle(rows[index].weight))
                }
            }
        }
    }

    private func labelStyle(_ weight: DetailMoneyRow.Weight) -> Style {
        weight == .total ? theme.title : theme.secondaryText
    }

    private func amountStyle(_ weight: DetailMoneyRow.Weight) -> Style {
        switch weight {
        case .part: theme.text
        case .detail: theme.secondaryText
        case .total: theme.title
        }
    }
}
