import OrdersCore
import OrdersPresentation
import TermRender

/// The virtualised order table: only the rows on screen are ever built. Which rows
/// those are is the model's viewport, read for the height laid out; drawing writes nothing.
struct OrderListTable: View {
    let model: OrderListModel
    let glyphs: ListGlyphs
    @Environment(\.theme) private var theme

    /// The table's columns: the marks, then `shown` in its order (the model's choice). The Date
    /// column is as wide as the widest date the model formats, so no date is cut.
    ///
    /// Spare width goes to the text columns chosen, by weight (`TableColumn.weight`): the customer
    /// 3, the tags 2, the assignee, country and source 1 each, up to a cap for the short ones
    /// (assignee 24, country and source 16: a wider cell would only be blank); numbers, money,
    /// dates and statuses never stretch. Cells left over by the division go from the left.
    ///
    /// Narrow terminals drop the lowest priorities first, wherever a column stands: the
    /// chooseable extras (source and country, then tags and outstanding, then the assignee, which
    /// goes with the items), then items, then date (the age still tells how long an order waits),
    /// then age; the Due column (`⚠ 2d late`, `3h left`) is kept until after the age.
    static func columns(_ shown: [ListColumn], dateWidth: Int) -> [TableColumn] {
        [TableColumn("", width: .fixed(3), priority: 11)] + shown.map { column(for: $0, dateWidth: dateWidth) }
    }

    private static func column(for column: ListColumn, dateWidth: Int) -> TableColumn {
        switch column {
        case .number: TableColumn(column.title, width: .fixed(13), priority: 10)
        case .date: TableColumn(column.title, width: .fixed(max(dateWidth, 4)), priority: 5)
        case .age: .numeric(column.title, width: .fixed(4), priority: 6)
        case .customer: TableColumn(column.title, width: .flexible(min: 12), priority: 9, weight: 3)
        case .items: .numeric(column.title, width: .fixed(5), priority: 4)
        case .total: .numeric(column.title, width: .fixed(14), priority: 8)
        case .status: TableColumn(column.title, width: .fixed(21), priority: 7)
        case .due: .numeric(column.title, width: .fixed(dueWidth), priority: 7)
        case .assignee: TableColumn(column.title, width: .flexible(min: 10, max: 24), priority: 4)
        case .tags: TableColumn(column.title, width: .flexible(min: 10), priority: 3, weight: 2)
        case .country: TableColumn(column.title, width: .flexible(min: 7, max: 16), priority: 2)
        case .source: TableColumn(column.title, width: .flexible(min: 8, max: 16), priority: 2)
        case .outstanding: .numeric(column.title, width: .fixed(14), priority: 3)
        }
    }

    /// The widest due cell: the glyph, a space and `11mo late`.
    static let dueWidth = 11

    /// The sort key of each of the table's columns, by position: none for the marks, then each
    /// shown column's (`ListColumn.sortKey`). The header's indicator and a click on a heading both
    /// read this, so they follow the columns wherever a view puts them.
    static func sortKeys(_ shown: [ListColumn]) -> [OrderSortKey?] {
        [nil] + shown.map(\.sortKey)
    }

    /// The columns of `shown` the table draws at `width` (narrow terminals drop some), in order:
    /// what `s` cycles through and where the sort indicator can be seen.
    public static func columnsOnScreen(_ shown: [ListColumn], dateWidth: Int, width: Int) -> [ListColumn] {
        Table.columnsShown(columns(shown, dateWidth: dateWidth), width: width).compactMap { $0 == 0 ? nil : shown[$0 - 1] }
    }

    /// Where the sort indicator goes: the first column on screen that sorts by `sort`'s key (Age
    /// when the date sorts and Date is dropped), its arrow turned for Age, which grows as the date
    /// goes back; nil when no column on screen sorts by it.
    static func indicator(for sort: OrderSort, shown: [ListColumn], onScreen: [ListColumn]) -> TableSort? {
        guard let column = onScreen.first(where: { $0.sortKey == sort.key }), let position = shown.firstIndex(of: column) else {
            return nil
        }
        return TableSort(column: position + 1, ascending: column == .age ? !sort.ascending : sort.ascending)
    }

    var body: some View {
        GeometryReader { size in
            table(width: size.width, height: size.height)
        }
    }

    /// The table at `height` lines (the header takes one).
    private func table(width: Int, height: Int) -> Table {
        let viewport = model.viewport(height: height - 1)
        let state = TableState(selection: model.selectedIndex, scrollOffset: viewport.top, visibleRows: viewport.height)
        let shown = model.shownColumns
        let onScreen = Self.columnsOnScreen(shown, dateWidth: model.dateColumnWidth, width: width)
        let sort = Self.indicator(for: model.sort, shown: shown, onScreen: onScreen)
        return Table(columns: Self.columns(shown, dateWidth: model.dateColumnWidth), rowCount: model.rowCount, state: state,
                     sort: sort) { index in
            guard let row = model.row(at: index) else { return [] }
            return [Text(marks(row)).style(theme.warning)] + shown.map { cell($0, of: row) }
        }
        .hitRegions(id: ListHit.table)
        .emptyText(Text(model.loadingState.isLoading ? "Loading orders…" : "No orders match").style(theme.placeholder))
    }

    /// The row's text for a column, in the column's style.
    private func cell(_ column: ListColumn, of row: OrderRow) -> Text {
        switch column {
        case .number: Text(row.idText)
        case .date: Text(row.dateText).style(theme.secondaryText)
        case .age: Text(row.ageText)
        case .customer: customer(row)
        case .items: Text(row.itemCountText)
        case .total: Text(row.totalText)
        case .status: Text(row.statusCell).style(theme.style(for: row.status))
        case .due: due(row)
        case .assignee: Text(row.assignee)
        case .tags: Text(row.tags).style(theme.secondaryText)
        case .country: Text(row.country)
        case .source: Text(row.source).style(theme.secondaryText)
        case .outstanding: Text(row.outstandingText)
        }
    }

    /// Late in the danger style behind the overdue glyph; time left quietly.
    private func due(_ row: OrderRow) -> Text {
        row.isOverdue ? Text(glyphs.overdue + " " + row.dueText).style(theme.danger) : Text(row.dueText).style(theme.secondaryText)
    }

    private func marks(_ row: OrderRow) -> String {
        (row.isFlagged ? glyphs.flagged : " ") + (row.isMarked ? glyphs.marked : " ") + (row.isRecentlyChanged ? glyphs.changed : " ")
    }

    /// The customer name with the search's matches emphasised (underlined, so it shows without colour).
    private func customer(_ row: OrderRow) -> Text {
        guard !row.customerHighlights.isEmpty else { return Text(row.customer) }
        let characters = Array(row.customer)
        var text = Text("")
        var position = 0
        for range in row.customerHighlights {
            let lower = min(max(range.lowerBound, position), characters.count)
            let upper = min(range.upperBound, characters.count)
            if lower > position { text = text + Text(String(characters[position..<lower])) }
            if upper > lower {
                text = text + Text(String(characters[lower..<upper])).style(theme.accent).underline()
            }
            position = max(position, upper)
        }
        if position < characters.count { text = text + Text(String(characters[position...])) }
        return text
    }
}

extension Theme {
    /// The colour an order status is shown in; the status is always spelled out
    /// too, so monochrome terminals lose nothing.
    func style(for status: OrderStatus) -> Style {
        switch status {
        case .pending: warning
        case .processing: info
        case .shipped: accent
        case .completed: success
        case .cancelled, .refunded: secondaryText
        }
    }
}
