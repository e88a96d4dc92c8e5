import OrdersCore
import TermRender

/// The order's lines with money right-aligned so digits line up.
struct LineItemsTable: View {
    let lines: [DetailLine]
    @Environment(\.theme) private var theme

    static let columns: [TableColumn] = [
        TableColumn("SKU", width: .fixed(11), priority: 6),
        TableColumn("Title", width: .flexible(min: 12), priority: 10),
        .numeric("Qty", width: .fixed(4), priority: 9),
        .numeric("Unit price", width: .fixed(12), priority: 7),
        .numeric("Line total", width: .fixed(13), priority: 8),
    ]

    var body: some View {
        // No selection: the table only lists. Its height is its rows, so the
        // sections below follow straight after.
        Table(columns: Self.columns, rowCount: lines.count, state: TableState()) { index in
            let line = lines[index]
            return [
                Text(line.sku).style(theme.secondaryText),
                Text(line.title),
                Text(String(line.quantity)),
                Text(line.unitPriceText),
                Text(line.lineTotalText),
            ]
        }
        .showsScrollIndicator(false)
        .emptyText(Text("No line items").style(theme.placeholder))
        .frame(height: 1 + max(1, lines.count))
    }
}
