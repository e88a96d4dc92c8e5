import TermRender

/// Where the detail screen is scrolled: its order column (all of the detail when narrow) and its
/// notes column, and which of the two the scroll keys move. Kept by the app's coordinator;
/// the screen draws from it and writes back what it measured.
public struct DetailScroll: Hashable, Sendable {
    public enum Pane: Hashable, Sendable {
        case order, notes
    }

    public var order = VirtualScrollState()
    public var notes = VirtualScrollState()
    /// The column the scroll keys move when there are two.
    public private(set) var focus = Pane.order
    /// Whether the screen shows two columns; the shell sets it from the width before each frame.
    public var hasTwoColumns = false

    public init() {}

    /// Whether a detail screen this wide shows two columns.
    public static func hasTwoColumns(width: Int) -> Bool {
        DetailLayout(width: width) == .twoColumns
    }

    /// The column the keys move now: the notes only when they have a column of their own.
    public var focusedPane: Pane { hasTwoColumns ? focus : .order }

    /// Tab: the other column takes the scroll keys (nothing to switch in one column).
    public mutating func switchPane() {
        guard hasTwoColumns else { return }
        focus = focus == .order ? .notes : .order
    }

    /// Moves the focused column.
    public mutating func moveFocused(_ change: (inout VirtualScrollState) -> Void) {
        if focusedPane == .notes { change(&notes) } else { change(&order) }
    }

    /// Back to the top of both columns, the order column focused (another order is shown).
    public mutating func reset() {
        order = VirtualScrollState()
        notes = VirtualScrollState()
        focus = .order
    }

    /// "order 3.1" or "order 0.0, notes 7.2 (notes focused)", for tests and debugging.
    public var summary: String {
        let order = "order \(self.order.firstItem).\(self.order.rowInItem)"
        guard hasTwoColumns else { return order }
        return order + ", notes \(notes.firstItem).\(notes.rowInItem) (\(focus) focused)"
    }
}
