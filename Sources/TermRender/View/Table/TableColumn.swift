/// How a table column gets its width.
public enum ColumnWidth: Hashable, Sendable {
    /// Exactly this many cells.
    case fixed(Int)
    /// At least `min` cells, sharing leftover space with other flexible columns up to `max`.
    case flexible(min: Int = 1, max: Int? = nil)
    /// This fraction (0…1) of the table's width after spacing, but at least `min` cells.
    case fraction(Double, min: Int = 1)

    /// The fewest cells the column may have before it is dropped.
    var minimum: Int {
        switch self {
        case .fixed(let width): max(0, width)
        case .flexible(let minimum, _): max(0, minimum)
        case .fraction(_, let minimum): max(0, minimum)
        }
    }
}

/// A column's configuration: title, width rule, alignment and how important it is to keep.
public struct TableColumn: Hashable, Sendable {
    public var title: String
    public var width: ColumnWidth
    /// Where cell text sits in the column; numbers read best `.trailing`.
    public var alignment: HorizontalAlignment
    /// When the table is too narrow, columns with the lowest priority are dropped first (ties: rightmost first).
    public var priority: Int
    /// A flexible column's share of the spare width, against the other flexible columns' weights
    /// (`TableColumnLayout`): a column of weight 3 grows three cells for every one of weight 1.
    /// Fixed and fractional columns ignore it.
    public var weight: Int

    public init(_ title: String, width: ColumnWidth = .flexible(), alignment: HorizontalAlignment = .leading, priority: Int = 0,
                weight: Int = 1) {
        self.title = title
        self.width = width
        self.alignment = alignment
        self.priority = priority
        self.weight = max(1, weight)
    }

    /// A right-aligned column for numbers and money.
    public static func numeric(_ title: String, width: ColumnWidth = .flexible(), priority: Int = 0) -> TableColumn {
        TableColumn(title, width: width, alignment: .trailing, priority: priority)
    }
}

/// Which column a table is sorted by, shown as ▲ (ascending) or ▼ (descending) in its header.
public struct TableSort: Hashable, Sendable {
    public var column: Int
    public var ascending: Bool

    public init(column: Int, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}
