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
        for character in text {
            let grapheme = Self.printable(character)
            let width = Self.width(of: grapheme)
            guard column + width <= size.width else { break }
            if column >= 0 {
                rows[y][column] = Cell(grapheme: String(grapheme), width: UInt8(width), style: style)
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

    /// Control characters from input never reach the terminal: shown as symbols.
    static func printable(_ character: Character) -> Character {
        switch character {
        case "\n", "\r\n", "\r": return "⏎"
        case "\t": return "⇥"
        default:
            let controls = character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            return controls ? "\u{FFFD}" : character
        }
    }

    /// Display width: 2 for emoji presentation and East Asian wide ranges.
    /// (The view layer brings a full width table; this covers the demo's needs.)
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
