import TermRender

/// A frame of cells for the demo, drawn directly through the backend.
///
/// A stand-in for TermRender's view layer, kept deliberately small: it writes
/// text into rows and sends only the cells that changed since the last frame.
@MainActor
final class DemoCanvas {
    private let backend: any Backend
    private var previous: [[Cell]] = []
    private(set) var rows: [[Cell]] = []
    private(set) var size: Size = .zero
    var cursor: Point?

    init(backend: any Backend) {
        self.backend = backend
    }

    /// Starts a blank frame of the backend's current size.
    func begin() {
        size = backend.size
        rows = Array(repeating: Array(repeating: .blank(), count: size.width), count: size.height)
        cursor = nil
    }

    /// Writes `text` at a position, clipped to the row; returns the column after it.
    @discardableResult
    func write(_ text: String, x: Int, y: Int, style: Style = .plain) -> Int {
        guard y >= 0, y < size.height else { return x }
        var column = x
        // Glyphs neutralise control and bidi characters and split text into one- or two-cell
        // pieces by the shared width table, exactly as TermRender's views do.
        for glyph in Glyphs.of(text) {
            let width = glyph.width
            guard column + width <= size.width else { break }
            if column >= 0 {
                rows[y][column] = Cell(grapheme: glyph.text, width: UInt8(width), style: style)
                if width == 2 { rows[y][column + 1] = .continuation(style) }
            }
            column += width
        }
        return column
    }

    /// Paints a whole row's background.
    func fill(row y: Int, style: Style) {
        guard y >= 0, y < size.height else { return }
        rows[y] = Array(repeating: .blank(style), count: size.width)
    }

    /// Sends the changed cells and flushes.
    func commit() {
        var changes: [CellChange] = []
        let sameSize = previous.count == rows.count && previous.first?.count == rows.first?.count
        if !sameSize { backend.clear() }
        for (y, row) in rows.enumerated() {
            for (x, cell) in row.enumerated() where !sameSize || previous[y][x] != cell {
                changes.append(CellChange(position: Point(x: x, y: y), cell: cell))
            }
        }
        backend.draw(changes)
        backend.setCursor(cursor)
        backend.flush()
        previous = rows
    }
}
