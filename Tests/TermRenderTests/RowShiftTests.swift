import Testing
import TermRenderTesting
@testable import TermRender

/// Rows that moved together are found, moved by the backend, and the screen stays exact.
@MainActor
@Suite struct RowShiftTests {
    static let selected = Style(foreground: .brightWhite, background: .blue)

    /// `rows` lines of `width`, showing records `first`…, the row at `selectedRow` in the selection style.
    static func frame(first: Int, width: Int = 40, rows: Int = 10, selectedRow: Int? = nil) -> Buffer {
        var buffer = Buffer(size: Size(width: width, height: rows))
        for y in 0..<rows {
            let record = first + y
            let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(record % 26)))
            let style = y == selectedRow ? selected : .plain
            if y == selectedRow { buffer.fill(Rect(x: 0, y: y, width: width, height: 1), with: .blank(style)) }
            let text = "record \(record) " + String(repeating: letter, count: 8 + record % 13)
            for (x, character) in text.prefix(width).enumerated() {
                buffer.put(Glyph(text: String(character), width: 1), at: Point(x: x, y: y), style: style)
            }
        }
        return buffer
    }

    @Test("the selection pushing a list up a line: every row but the selected one moves up")
    func pushScroll() {
        let old = Self.frame(first: 100, selectedRow: 9)
        let new = Self.frame(first: 101, selectedRow: 9)
        // New rows 0…7 are old rows 1…8; the selected last row stays where it is (its bar is kept).
        #expect(new.rowShift(from: old) == RowShift(region: 0...8, lines: 1))
        let scrolled = old.scrolled(by: RowShift(region: 0...8, lines: 1))
        #expect(scrolled.lines == Array(old.lines[1...8]) + [String(repeating: " ", count: 40), old.lines[9]])
        #expect(new.diff(from: scrolled).allSatisfy { $0.position.y >= 8 })
    }

    @Test("content moving down three lines (the wheel up) scrolls down")
    func scrollDown() {
        let old = Self.frame(first: 100)
        let new = Self.frame(first: 97)
        #expect(new.rowShift(from: old) == RowShift(region: 0...9, lines: -3))
        #expect(old.scrolled(by: RowShift(region: 0...9, lines: -3)).lines
            == Array(repeating: String(repeating: " ", count: 40), count: 3) + Array(old.lines[0...6]))
    }

    @Test("a selection moving one row, or nothing moving, is not a scroll")
    func noShift() {
        let old = Self.frame(first: 100, selectedRow: 3)
        #expect(Self.frame(first: 100, selectedRow: 4).rowShift(from: old) == nil)
        #expect(old.rowShift(from: old) == nil)
        // Different content everywhere: nothing worth moving.
        #expect(Self.frame(first: 500).rowShift(from: Self.frame(first: 100)) == nil)
    }

    struct Records: View {
        var state: TableState
        var body: some View {
            VStack {
                Text("Records").bold()
                Table(columns: [TableColumn("Record", width: .flexible()), TableColumn("Size", width: .fixed(6))],
                      rowCount: 10_000, state: state) { index in
                    [Text("record \(index) " + String(repeating: "·", count: index % 17)), Text("\(index % 997)")]
                }
                Text("footer").dim()
            }
        }
    }

    @Test("a test backend that scrolls shows exactly each frame, through scrolls of every size")
    func scrollingKeepsTheScreenExact() {
        let backend = TestBackend(size: Size(width: 50, height: 14))
        let session = RenderSession(backend: backend)
        var generator = SystemRandomNumberGenerator()
        var state = TableState(selection: 500, scrollOffset: 495)
        var shifts: [RowShift] = []
        for step in 0..<300 {
            if step.isMultiple(of: 3) {
                state.scrollOffset = max(0, state.scrollOffset + Int.random(in: -4...4, using: &generator))
            } else {
                state.moveSelection(by: Int.random(in: -3...3, using: &generator), rowCount: 10_000)
            }
            let stats = session.render(Records(state: state))
            if let shift = stats.rowShift { shifts.append(shift) }
            #expect(backend.grid == session.currentFrame, "step \(step)")
        }
        #expect(backend.contractViolations.isEmpty)
        #expect(backend.scrolls == shifts)
        // The title, the column titles and the footer never move: every scroll stays inside the table's rows.
        #expect(shifts.count > 20)
        #expect(shifts.allSatisfy { $0.region.lowerBound >= 2 && $0.region.upperBound <= 12 }, "\(shifts)")
    }
}
