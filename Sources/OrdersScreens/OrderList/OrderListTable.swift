import OrdersCore
import TermRender

/// The virtualised order table: only the rows on screen are ever built. Which rows
/// those are is the model's viewport, read for the height laid out; drawing writes nothing.
struct OrderListTable: View {
    let model: OrderListModel
    let glyphs: ListGlyphs
    @Environment(\.theme) private var theme

    /// The columns; the Date column is as wide as the widest date the model formats, so no date
    /// is cut, and the customer takes what is left. Narrow terminals drop the lowest priorities
    /// first: items, then date (the age still tells how long an order waits), then age. With a
    /// fulfilment promise the Due column comes last (`⚠ 2d late`, `3h left`), kept until after the age.
    static func columns(dateWidth: Int, showsDue: Bool) -> [TableColumn] {
        let due = showsDue ? [TableColumn.numeric("Due", width: .fixed(dueWidth), priority: 7)] : []
        return [
            TableColumn("", width: .fixed(3), priority: 11),
            TableColumn("Number", width: .fixed(13), priority: 10),
            TableColumn("Date", width: .fixed(max(dateWidth, 4)), priority: 5),
            .numeric("Age", width: .fixed(4), priority: 6),
            TableColumn("Customer", width: .flexible(min: 12), priority: 9),
            .numeric("Items", width: .fixed(5), priority: 4),
            .numeric("Total", width: .fixed(14), priority: 8),
            TableColumn("Payment/Shipping", width: .fixed(21), priority: 7),
        ] + due
    }

    /// The widest due cell: the glyph, a space and `11mo late`.
    static let dueWidth = 11

    /// The sort key each column stands for, by position (the marks do not sort; age sorts as
    /// the date does, the status cell as the triage status both statuses make).
    static let sortKeys: [OrderSortKey?] = [nil, .id, .date, .date, .customer, .items, .total, .status, .due]

    var body: some View {
        GeometryReader { size in
            table(height: size.height)
        }
    }

    /// The table at `height` lines (the header takes one).
    private func table(height: Int) -> Table {
        let viewport = model.viewport(height: height - 1)
        let state = TableState(selection: model.selectedIndex, scrollOffset: viewport.top, visibleRows: viewport.height)
        let sortColumn = Self.sortKeys.firstIndex { $0 == model.sort.key }
        let sort = sortColumn.map { TableSort(column: $0, ascending: model.sort.ascending) }
        let showsDue = model.showsDueTimes
        return Table(columns: Self.columns(dateWidth: model.dateColumnWidth, showsDue: showsDue), rowCount: model.rowCount, state: state,
                     sort: sort) { index in
            guard let row = model.row(at: index) else { return [] }
            return [
                Text(marks(row)).style(theme.warning),
                Text(row.idText),
                Text(row.dateText).style(theme.secondaryText),
                Text(row.ageText),
                customer(row),
                Text(row.itemCountText),
                Text(row.totalText),
                Text(row.statusCell).style(theme.style(for: row.status)),
            ] + (showsDue ? [due(row)] : [])
        }
        .hitRegions(id: ListHit.table)
        .emptyText(Text(model.loadingState.isLoading ? "Loading orders…" : "No orders match").style(theme.placeholder))
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
