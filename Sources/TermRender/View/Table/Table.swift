/// A virtualised table: it builds and measures only the rows that are visible.
///
/// Give it a row count and a closure that builds row *i*'s cells; the cost of a frame depends on
/// the screen size, never on the number of rows. Columns drop (lowest priority first) when the
/// table is too narrow. The selected row is drawn in the theme's `selectedRow` style (a bar of
/// background colour, reverse video without colour). Selection and scrolling live in a `TableState` the caller owns;
/// when given a binding, the table writes back the scroll offset that keeps the selection visible
/// and the number of visible rows (a page).
public struct Table: View, PrimitiveView {
    let columns: [TableColumn]
    let rowCount: Int
    let state: TableState
    let stateBinding: Binding<TableState>?
    let sort: TableSort?
    let row: @MainActor (Int) -> [Text]
    var showsHeader = true
    var showsScrollIndicator = true
    var columnSpacing = 1
    var emptyText = Text("No rows")
    var hitRegionID: AnyHashable?
    var selectionStyle: Style?

    /// The positions of the columns a table `width` wide shows (the others dropped, lowest priority
    /// first): what a program cycling through the columns on screen, or placing a sort indicator, reads.
    public static func columnsShown(_ columns: [TableColumn], width: Int, spacing: Int = 1) -> [Int] {
        TableColumnLayout.slots(for: columns, width: width, spacing: spacing).map(\.column)
    }

    /// A table of `rowCount` rows whose cells come from `row`, editing `state` through a binding.
    public init(
        columns: [TableColumn], rowCount: Int, state: Binding<TableState>, sort: TableSort? = nil,
        row: @escaping @MainActor (Int) -> [Text]
    ) {
        self.columns = columns
        self.rowCount = max(0, rowCount)
        self.state = state.wrappedValue
        self.stateBinding = state
        self.sort = sort
        self.row = row
    }

    /// A table showing `state` without writing anything back (the table still clamps and scrolls for display).
    public init(
        columns: [TableColumn], rowCount: Int, state: TableState, sort: TableSort? = nil,
        row: @escaping @MainActor (Int) -> [Text]
    ) {
        self.columns = columns
        self.rowCount = max(0, rowCount)
        self.state = state
        self.stateBinding = nil
        self.sort = sort
        self.row = row
    }

    /// A table over a random-access collection; `row` builds the cells of one element.
    public init<Data: RandomAccessCollection>(
        _ data: Data, columns: [TableColumn], state: Binding<TableState>, sort: TableSort? = nil,
        row: @escaping @MainActor (Data.Element) -> [Text]
    ) {
        self.init(columns: columns, rowCount: data.count, state: state, sort: sort) { index in
            row(data[data.index(data.startIndex, offsetBy: index)])
        }
    }

    public var body: Never { fatalError("Table is primitive") }

    /// Hides or shows the header row.
    public func showsHeader(_ shows: Bool) -> Table {
        var copy = self
        copy.showsHeader = shows
        return copy
    }

    /// Hides or shows the scroll bar drawn in the rightmost column when rows overflow.
    public func showsScrollIndicator(_ shows: Bool) -> Table {
        var copy = self
        copy.showsScrollIndicator = shows
        return copy
    }

    /// Sets the number of blank columns between table columns.
    public func columnSpacing(_ spacing: Int) -> Table {
        var copy = self
        copy.columnSpacing = max(0, spacing)
        return copy
    }

    /// Records a `TableRowHit(table: id, row:)` region for each visible row, for mouse clicks.
    public func hitRegions<ID: Hashable & Sendable>(id: ID) -> Table {
        var copy = self
        copy.hitRegionID = AnyHashable(id)
        return copy
    }

    /// Draws the selected row in `style` instead of the theme's selection style (e.g. a quieter one while another pane has focus).
    public func selectionStyle(_ style: Style) -> Table {
        var copy = self
        copy.selectionStyle = style
        return copy
    }

    /// Sets what the table shows when it has no rows.
    public func emptyText(_ text: Text) -> Table {
        var copy = self
        copy.emptyText = text
        return copy
    }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        nodes.append(TableNode(table: self, environment: context.environment))
    }
}
