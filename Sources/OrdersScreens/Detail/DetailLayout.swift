/// Which arrangement the detail screen uses at a given width.
enum DetailLayout: Equatable, Sendable {
    /// Everything in one scrolling column.
    case singleColumn
    /// The order on the left, workflow and notes on the right.
    case twoColumns

    /// Below this many columns two panes would squeeze the line items table.
    static let twoColumnMinimumWidth = 110

    init(width: Int) {
        self = width >= Self.twoColumnMinimumWidth ? .twoColumns : .singleColumn
    }

    /// The left pane's share of a two-column screen: the items table needs the room,
    /// but past `maximumLeftWidth` a wider title column only pushes prices out of sight.
    static func leftWidth(total: Int, gap: Int) -> Int {
        min(max(0, (total - gap) * 3 / 5), maximumLeftWidth)
    }

    static let maximumLeftWidth = 110
}
