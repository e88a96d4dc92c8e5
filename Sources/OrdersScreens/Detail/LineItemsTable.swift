import OrdersCore
import OrdersPresentation
import TermRender

/// The order's lines with money right-aligned so digits line up.
/// With `showsSent`, a Sent column beside Qty gives the units of each line sent so far.
struct LineItemsTable: View {
    let lines: [DetailLine]
    var showsSent = false
    @Environment(\.theme) private var theme

    static let columns: [TableColumn] = [
        TableColumn("SKU", width: .fixed(11), priority: 6),
        TableColumn("Title", width: .flexible(min: 12), priority: 10),
        .numeric("Qty", width: .fixed(4), priority: 9),
        .numeric("Unit price", width: .fixed(12), priority: 7),
        .numeric("Line total", width: .fixed(13), priority: 8),
    ]
    static let columnsWithSent: [TableColumn] = Array(columns[...2]) + [.numeric("Sent", width: .fixed(5), priority: 9)]
        + Array(columns[3...])

    var body: some View {
        // Read now: the rows below are built later, after this body has returned,
        // when `@Environment` no longer sees this view's environment.
        let theme = self.theme
        // No selection: the table only lists. Its height is all its rows (the column around it
        // scrolls), so the sections below follow straight after.
        let shownRows = max(1, lines.count)
        let showsSent = self.showsSent
        return Table(columns: showsSent ? Self.columnsWithSent : Self.columns, rowCount: lines.count, state: TableState()) { index in
            let line = lines[index]
            return [Text(line.sku).style(theme.secondaryText), Text(line.title), Text(line.quantityText)]
                + (showsSent ? [Text(line.sentText)] : [])
                + [Text(line.unitPriceText), Text(line.lineTotalText)]
        }
        .showsScrollIndicator(false)
        .emptyText(Text("No line items").style(theme.placeholder))
        .frame(height: 1 + shownRows)
    }
}
