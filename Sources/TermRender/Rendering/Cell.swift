/// One terminal cell.
///
/// A grapheme that is two cells wide occupies its own cell (`width == 2`) and the
/// cell to its right, which holds `Cell.continuation` (`width == 0`). Every cell's
/// `grapheme` is already safe to print: control characters were replaced before
/// they reached a cell.
public struct Cell: Hashable, Sendable {
    public var grapheme: String
    public var width: UInt8
    public var style: Style

    public init(grapheme: String, width: UInt8, style: Style = .plain) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// An empty (space) cell in the given style.
    public static func blank(_ style: Style = .plain) -> Cell {
        Cell(grapheme: " ", width: 1, style: style)
    }

    /// The right half of a wide grapheme.
    public static func continuation(_ style: Style = .plain) -> Cell {
        Cell(grapheme: "", width: 0, style: style)
    }

    public var isContinuation: Bool { width == 0 }
}
