/// A width×height grid of cells that a frame is drawn into before it is compared with the last one.
///
/// Writes keep wide glyphs whole: a wide glyph that does not fit becomes a space, and writing over
/// either half of a wide glyph blanks the other half, so a diff never asks a terminal to split one.
public struct Buffer: Hashable, Sendable {
    /// The grid's size; never negative.
    public private(set) var size: Size
    /// Row-major cells, `size.width * size.height` of them.
    public internal(set) var cells: [Cell]

    /// A buffer of `size` (negative dimensions count as zero) filled with `cell`.
    public init(size: Size, filledWith cell: Cell = .blank()) {
        let clamped = Size(width: max(0, size.width), height: max(0, size.height))
        self.size = clamped
        self.cells = Array(repeating: cell.width == 1 ? cell : .blank(cell.style), count: clamped.width * clamped.height)
    }

    /// The whole grid as a rectangle at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The cell at `point`; a blank cell outside the grid.
    public subscript(_ point: Point) -> Cell {
        guard bounds.contains(point) else { return .blank() }
        return cells[point.y * size.width + point.x]
    }

    /// The cell at column `x`, row `y`; a blank cell outside the grid.
    public subscript(x x: Int, y y: Int) -> Cell {
        self[Point(x: x, y: y)]
    }

    /// Each row as text, continuation cells skipped, so a row reads as it looks on screen.
    public var lines: [String] {
        (0..<size.height).map { row in
            var line = ""
            for cell in cells[row * size.width..<(row + 1) * size.width] where !cell.isContinuation {
                line += cell.grapheme
            }
            return line
        }
    }

    /// Fills `rect` (clipped to the grid) with a one-cell-wide `cell`, repairing wide glyphs it cuts.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let filler = cell.width == 1 ? cell : .blank(cell.style)
        for y in area.minY..<area.maxY {
            repairWideGlyph(cutAt: Point(x: area.minX, y: y))
            repairWideGlyph(cutAt: Point(x: area.maxX, y: y))
            let start = y * size.width
            for x in area.minX..<area.maxX { cells[start + x] = filler }
        }
    }

    /// Changes the style of every cell in `rect` (clipped to the grid) with `transform`.
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            let start = y * size.width
            for x in area.minX..<area.maxX { transform(&cells[start + x].style) }
        }
    }

    /// Puts one glyph at `point` if it lies inside `clip` (and the grid); returns the columns advanced.
    ///
    /// A wide glyph whose right half falls outside `clip` is drawn as a space in `style` instead.
    @discardableResult
    public mutating func put(_ glyph: Glyph, at point: Point, style: Style, clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard area.contains(point) else { return glyph.width }
        let index = point.y * size.width + point.x
        if glyph.width == 2 && point.x + 1 < area.maxX {
            repairWideGlyph(cutAt: point)
            repairWideGlyph(cutAt: Point(x: point.x + 2, y: point.y))
            cells[index] = Cell(grapheme: glyph.text, width: 2, style: style)
            cells[index + 1] = .continuation(style)
        } else {
            repairWideGlyph(cutAt: point)
            repairWideGlyph(cutAt: Point(x: point.x + 1, y: point.y))
            cells[index] = glyph.width == 2 ? .blank(style) : Cell(grapheme: glyph.text, width: 1, style: style)
        }
        return glyph.width
    }

    /// Writes `text` from `point` rightwards, clipped to `clip` and the grid; returns the columns used.
    ///
    /// Text is sanitised on the way in (see `Glyphs`); nothing wraps. Glyphs left of the clip are
    /// skipped, and a wide glyph cut by the clip's left edge leaves a space in its visible half.
    @discardableResult
    public mutating func write(_ text: some StringProtocol, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard !area.isEmpty, point.y >= area.minY, point.y < area.maxY else { return 0 }
        var x = point.x
        Glyphs.forEach(in: text) { glyph in
            guard x < area.maxX else { return false }
            if x < area.minX {
                if glyph.width == 2 && x + 1 == area.minX { put(.space, at: Point(x: area.minX, y: point.y), style: style, clip: area) }
            } else {
                put(glyph, at: Point(x: x, y: point.y), style: style, clip: area)
            }
            x += glyph.width
            return true
        }
        return x - point.x
    }

    /// Before a write at `point`, blanks the half of any wide glyph that straddles column `point.x`.
    ///
    /// "Straddles" means the glyph's left half is at `x - 1` and its continuation at `x`: a write
    /// starting at `x` (or ending just before it) would split it.
    private mutating func repairWideGlyph(cutAt point: Point) {
        guard point.y >= 0, point.y < size.height, point.x > 0, point.x < size.width else { return }
        let index = point.y * size.width + point.x
        guard cells[index].isContinuation else { return }
        cells[index - 1] = .blank(cells[index - 1].style)
        cells[index] = .blank(cells[index].style)
    }
}
