/// A table's selection and scroll position, kept by its owner apart from the table's configuration.
///
/// Every operation clamps to the rows that exist instead of trapping; the table also clamps what it
/// is given and scrolls so that the selection stays visible.
public struct TableState: Hashable, Sendable {
    /// The selected row, or nil for none.
    public var selection: Int?
    /// The first row shown.
    public var scrollOffset: Int
    /// How many rows fitted on screen at the last frame; what a page is.
    public var visibleRows: Int

    public init(selection: Int? = nil, scrollOffset: Int = 0, visibleRows: Int = 0) {
        self.selection = selection
        self.scrollOffset = scrollOffset
        self.visibleRows = visibleRows
    }

    /// Brings selection and offset within `rowCount` rows and scrolls the selection into view.
    public mutating func clamp(rowCount: Int) {
        let count = max(0, rowCount)
        if let selected = selection {
            selection = count == 0 ? nil : min(max(0, selected), count - 1)
        }
        let page = max(1, visibleRows)
        if let selected = selection {
            if selected < scrollOffset { scrollOffset = selected }
            if selected >= scrollOffset + page { scrollOffset = selected - page + 1 }
        }
        scrollOffset = min(max(0, scrollOffset), max(0, count - page))
    }

    /// Moves the selection by `delta` rows (selecting the first row when nothing was selected).
    public mutating func moveSelection(by delta: Int, rowCount: Int) {
        guard rowCount > 0 else {
            selection = nil
            return
        }
        selection = (selection ?? (delta >= 0 ? -1 : rowCount)) + delta
        clamp(rowCount: rowCount)
    }

    /// Moves the selection one page down.
    public mutating func pageDown(rowCount: Int) {
        moveSelection(by: max(1, visibleRows), rowCount: rowCount)
    }

    /// Moves the selection one page up.
    public mutating func pageUp(rowCount: Int) {
        moveSelection(by: -max(1, visibleRows), rowCount: rowCount)
    }

    /// Selects the first row.
    public mutating func selectFirst(rowCount: Int) {
        selection = 0
        clamp(rowCount: rowCount)
    }

    /// Selects the last row.
    public mutating func selectLast(rowCount: Int) {
        selection = rowCount - 1
        clamp(rowCount: rowCount)
    }
}
