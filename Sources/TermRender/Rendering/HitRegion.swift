/// A named area of the last frame, so a mouse click can be mapped back to what was drawn there.
public struct HitRegion: Hashable {
    /// What the caller named the area with `hitRegion(_:)` (or a `TableRowHit` for table rows).
    public var id: AnyHashable
    /// Where it was on screen, clipped to what was visible.
    public var rect: Rect

    public init(id: AnyHashable, rect: Rect) {
        self.id = id
        self.rect = rect
    }
}

/// The id of a visible table row's hit region.
public struct TableRowHit: Hashable {
    /// The id given to the table with `hitRegions(id:)`.
    public var table: AnyHashable
    /// The row index in the table's data.
    public var row: Int

    public init(table: AnyHashable, row: Int) {
        self.table = table
        self.row = row
    }
}

/// A column title in a table's header row (a table with `hitRegions(id:)` records one per shown column).
public struct TableHeaderHit: Hashable {
    /// The id given to the table with `hitRegions(id:)`.
    public var table: AnyHashable
    /// The column's index in the table's `columns`.
    public var column: Int

    public init(table: AnyHashable, column: Int) {
        self.table = table
        self.column = column
    }
}

/// The id of the area behind a modal sheet: clicks there reach nothing underneath.
public struct ModalBackdropHit: Hashable, Sendable {
    public init() {}
}

extension [HitRegion] {
    /// The topmost region (the last one drawn) containing `point`.
    public func topmost(at point: Point) -> HitRegion? {
        last { $0.rect.contains(point) }
    }
}
