import TerminalText

/// Follows what a program sends to an xterm-like terminal and keeps the text of its screen, so an
/// outside-in benchmark can see what is shown (a header's count, the first rows) although ncurses
/// only sends the cells that changed.
///
/// Understands what ncurses sends for xterm-256color and tmux-256color: cursor moves, erasing,
/// scroll regions and scrolling, line insertion and deletion, UTF-8 text with wide characters.
/// Colours, modes and character-set switches are read and ignored.
struct ScreenReader {
    private(set) var columns: Int
    private(set) var rows: Int
    /// One entry per cell: the text shown there; "" right of a wide character.
    private var cells: [[String]]
    private var x = 0, y = 0
    private var top = 0, bottom: Int
    private var pending: [UInt8] = []
    private var utf8 = UTF8Accumulator()

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        bottom = rows - 1
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// Row `index` as text, wide characters once.
    func line(_ index: Int) -> String {
        guard index >= 0, index < rows else { return "" }
        return cells[index].joined()
    }

    var lines: [String] { (0..<rows).map(line) }

    /// Reads more output.
    mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            if !pending.isEmpty || byte == 0x1B {
                pending.append(byte)
                if let length = Self.sequenceLength(pending) {
                    let sequence = Array(pending.prefix(length))
                    pending.removeAll()
                    apply(sequence)
                }
                continue
            }
            switch byte {
            case 0x0D: x = 0
            case 0x0A: lineFeed()
            case 0x08: x = max(0, x - 1)
            case 0x07, 0x0E, 0x0F, 0x00: break
            case 0x09: x = min(columns - 1, (x / 8 + 1) * 8)
            default:
                if let scalar = utf8.feed(byte) { print(scalar) }
            }
        }
    }

    /// The length of the escape sequence at the start of `bytes` once it is complete.
    private static func sequenceLength(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        switch bytes[1] {
        case UInt8(ascii: "["):
            // CSI: parameters and intermediates, then a final byte 0x40…0x7E.
            guard let end = bytes.dropFirst(2).firstIndex(where: { (0x40...0x7E).contains($0) }) else { return nil }
            return end + 1
        case UInt8(ascii: "]"):
            // OSC, ended by BEL or ESC \.
            if bytes.last == 0x07 { return bytes.count }
            if bytes.count >= 4, bytes[bytes.count - 2] == 0x1B, bytes.last == UInt8(ascii: "\\") { return bytes.count }
            return nil
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "#"):
            return bytes.count >= 3 ? 3 : nil
        default:
            return 2
        }
    }

    private mutating func apply(_ sequence: [UInt8]) {
        guard sequence.count >= 2 else { return }
        if sequence[1] == UInt8(ascii: "M") { reverseLineFeed(); return }
        if sequence[1] == UInt8(ascii: "E") { x = 0; lineFeed(); return }
        guard sequence[1] == UInt8(ascii: "["), let final = sequence.last else { return }
        let body = sequence.dropFirst(2).dropLast()
        guard body.first != UInt8(ascii: "?"), body.first != UInt8(ascii: ">") else { return }  // modes
        let numbers = String(decoding: body, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func parameter(_ index: Int, _ fallback: Int) -> Int {
            guard index < numbers.count, let value = numbers[index], value > 0 else { return fallback }
            return value
        }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            y = min(rows - 1, parameter(0, 1) - 1); x = min(columns - 1, parameter(1, 1) - 1)
        case UInt8(ascii: "d"): y = min(rows - 1, parameter(0, 1) - 1)
        case UInt8(ascii: "G"), UInt8(ascii: "`"): x = min(columns - 1, parameter(0, 1) - 1)
        case UInt8(ascii: "A"): y = max(0, y - parameter(0, 1))
        case UInt8(ascii: "B"): y = min(rows - 1, y + parameter(0, 1))
        case UInt8(ascii: "C"): x = min(columns - 1, x + parameter(0, 1))
        case UInt8(ascii: "D"): x = max(0, x - parameter(0, 1))
        case UInt8(ascii: "K"):
            switch parameter(0, 0) {
            case 1: blank(row: y, from: 0, to: x + 1)
            case 2: blank(row: y, from: 0, to: columns)
            default: blank(row: y, from: x, to: columns)
            }
        case UInt8(ascii: "J"):
            switch parameter(0, 0) {
            case 1: for row in 0..<y { blank(row: row, from: 0, to: columns) }; blank(row: y, from: 0, to: x + 1)
            case 2, 3: for row in 0..<rows { blank(row: row, from: 0, to: columns) }
            default: blank(row: y, from: x, to: columns); for row in (y + 1)..<max(y + 1, rows) { blank(row: row, from: 0, to: columns) }
            }
        case UInt8(ascii: "X"): blank(row: y, from: x, to: min(columns, x + parameter(0, 1)))
        case UInt8(ascii: "P"):
            let count = min(parameter(0, 1), columns - x)
            cells[y].removeSubrange(x..<(x + count)); cells[y] += Array(repeating: " ", count: count)
        case UInt8(ascii: "@"):
            let count = min(parameter(0, 1), columns - x)
            cells[y].insert(contentsOf: Array(repeating: " ", count: count), at: x); cells[y].removeLast(count)
        case UInt8(ascii: "r"):
            top = parameter(0, 1) - 1; bottom = min(rows - 1, parameter(1, rows) - 1); x = 0; y = 0
        case UInt8(ascii: "S"): scroll(up: parameter(0, 1), from: top, to: bottom)
        case UInt8(ascii: "T"): scroll(up: -parameter(0, 1), from: top, to: bottom)
        case UInt8(ascii: "L"): if y >= top && y <= bottom { scroll(up: -parameter(0, 1), from: y, to: bottom) }
        case UInt8(ascii: "M"): if y >= top && y <= bottom { scroll(up: parameter(0, 1), from: y, to: bottom) }
        default: break  // SGR and the like change nothing readable.
        }
    }

    private mutating func print(_ scalar: Unicode.Scalar) {
        let width = TerminalText.cellWidth(of: scalar)
        if width == 0 {
            let target = x > 0 ? x - 1 : 0
            cells[y][target].unicodeScalars.append(scalar)
            return
        }
        if x + width > columns { x = columns - width }
        cells[y][x] = String(scalar)
        if width == 2 { cells[y][x + 1] = "" }
        x = min(columns - 1, x + width)
    }

    private mutating func blank(row: Int, from start: Int, to end: Int) {
        guard row >= 0, row < rows, start < end else { return }
        for column in max(0, start)..<min(columns, end) { cells[row][column] = " " }
    }

    private mutating func lineFeed() {
        if y == bottom { scroll(up: 1, from: top, to: bottom) } else { y = min(rows - 1, y + 1) }
    }

    private mutating func reverseLineFeed() {
        if y == top { scroll(up: -1, from: top, to: bottom) } else { y = max(0, y - 1) }
    }

    /// Moves rows `from…to` up by `lines` (down when negative), blanking those uncovered.
    private mutating func scroll(up lines: Int, from first: Int, to last: Int) {
        guard first <= last, lines != 0 else { return }
        let blankRow = Array(repeating: " ", count: columns)
        var region = Array(cells[first...last])
        if lines > 0 {
            region = Array(region.dropFirst(min(lines, region.count))) + Array(repeating: blankRow, count: min(lines, region.count))
        } else {
            let count = min(-lines, region.count)
            region = Array(repeating: blankRow, count: count) + Array(region.dropLast(count))
        }
        cells.replaceSubrange(first...last, with: region)
    }
}

/// Decodes UTF-8 one byte at a time, as it arrives from a terminal.
private struct UTF8Accumulator {
    private var scalar: UInt32 = 0
    private var remaining = 0

    mutating func feed(_ byte: UInt8) -> Unicode.Scalar? {
        if remaining > 0, byte & 0xC0 == 0x80 {
            scalar = scalar << 6 | UInt32(byte & 0x3F)
            remaining -= 1
            return remaining == 0 ? Unicode.Scalar(scalar) : nil
        }
        switch byte {
        case 0..<0x80: remaining = 0; return Unicode.Scalar(byte)
        case 0xC0..<0xE0: scalar = UInt32(byte & 0x1F); remaining = 1
        case 0xE0..<0xF0: scalar = UInt32(byte & 0x0F); remaining = 2
        case 0xF0..<0xF8: scalar = UInt32(byte & 0x07); remaining = 3
        default: remaining = 0
        }
        return nil
    }
}
