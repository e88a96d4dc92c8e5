import Glibc
import Testing
import TermRenderTesting
@testable import TermRender

/// The bytes the real ncurses backend puts on the wire, read back from a pty.
///
/// ncurses state is process-wide: the suite is serialized and each test ends its backend.
@MainActor
@Suite("ncurses backend on the wire", .serialized)
struct NcursesWireTests {
    static let begin = Array("\u{1B}[?2026h".utf8)
    static let end = Array("\u{1B}[?2026l".utf8)

    /// A pty (40×10 unless told) driven by an xterm-256color backend, after its first (blank) frame went out.
    /// The environment is empty so that a test runner's NO_COLOR does not switch colours off.
    static func withBackend(columns: Int = 40, _ body: (NcursesBackend, PseudoTerminal) throws -> Void) throws {
        let pty = try #require(PseudoTerminal(columns: columns, rows: 10))
        let backend = try NcursesBackend(term: "xterm-256color", input: pty.slave, output: pty.slave, environment: [:])
        defer { backend.end() }
        #expect(backend.size == Size(width: columns, height: 10))
        #expect(backend.capabilities.colors == .indexed256)
        // The first update clears the screen; the tests look at what follows.
        backend.flush()
        #expect(pty.read(count: backend.bytesWritten).count == backend.bytesWritten)
        try body(backend, pty)
    }

    static func text(_ string: String, at point: Point, style: Style = .plain) -> [CellChange] {
        string.enumerated().map { offset, character in
            CellChange(position: Point(x: point.x + offset, y: point.y),
                       cell: Cell(grapheme: String(character), width: 1, style: style))
        }
    }

    @Test func aFrameIsOneWriteWrappedInSynchronizedOutput() throws {
        try Self.withBackend { backend, pty in
            let before = backend.bytesWritten, batches = backend.writeBatches
            backend.draw(Self.text("Orders", at: Point(x: 2, y: 1), style: Style(attributes: .bold)))
            backend.flush()
            let sent = backend.bytesWritten - before
            let wire = pty.read(count: sent)
            #expect(wire.count == sent)
            #expect(backend.writeBatches - batches == 1)
            #expect(Array(wire.prefix(Self.begin.count)) == Self.begin)
            #expect(Array(wire.suffix(Self.end.count)) == Self.end)
            // Only one pair of brackets: the frame is not split.
            let inner = Array(wire.dropFirst(Self.begin.count).dropLast(Self.end.count))
            #expect(String(decoding: inner, as: UTF8.self).contains("Orders"))
            #expect(!String(decoding: inner, as: UTF8.self).contains("\u{1B}[?2026"))
            #expect(pty.readPending().isEmpty)
        }
    }

    @Test func nothingChangedWritesNothing() throws {
        try Self.withBackend { backend, pty in
            let start = backend.bytesWritten
            backend.draw(Self.text("same", at: Point(x: 0, y: 0)))
            backend.flush()
            #expect(pty.read(count: backend.bytesWritten - start).count == backend.bytesWritten - start)
            let before = backend.bytesWritten
            backend.flush()
            // Cells redrawn with what the screen already shows: ncurses finds no difference.
            backend.draw(Self.text("same", at: Point(x: 0, y: 0)))
            backend.flush()
            #expect(backend.bytesWritten == before)
            #expect(pty.readPending().isEmpty)
        }
    }

    @Test func oneChangedCellIsAMoveAndTheCharacter() throws {
        try Self.withBackend { backend, pty in
            let before = backend.bytesWritten
            backend.draw(Self.text("x", at: Point(x: 5, y: 3)))
            backend.flush()
            let wire = pty.read(count: backend.bytesWritten - before)
            // Cursor to row 4, column 6 (1-based), the character, inside the brackets.
            #expect(String(decoding: wire, as: UTF8.self) == "\u{1B}[?2026h\u{1B}[4;6Hx\u{1B}[?2026l")
            #expect(backend.bytesWritten - before == wire.count)
        }
    }

    @Test func leavingGivesBackTheNormalScreenAndTtyModes() throws {
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        var shell = termios()
        #expect(tcgetattr(pty.slave, &shell) == 0)
        let backend = try NcursesBackend(term: "xterm-256color", input: pty.slave, output: pty.slave)
        var program = termios()
        #expect(tcgetattr(pty.slave, &program) == 0)
        #expect(program.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        let entered = String(decoding: pty.read(count: backend.bytesWritten), as: UTF8.self)
        #expect(entered.contains("\u{1B}[?1049h"))
        let before = backend.bytesWritten
        backend.end()
        let left = String(decoding: pty.read(count: backend.bytesWritten - before), as: UTF8.self)
        #expect(left.contains("\u{1B}[?1049l"))
        var after = termios()
        #expect(tcgetattr(pty.slave, &after) == 0)
        #expect(after.c_lflag == shell.c_lflag)
        #expect(after.c_iflag == shell.c_iflag)
        #expect(after.c_oflag == shell.c_oflag)
    }

    /// Ten distinct full-width rows, the first being record `first`.
    static func rows(from first: Int) -> [CellChange] {
        (0..<10).flatMap { y in
            let label = "record \(first + y) " + String(repeating: "·", count: 30)
            return text(String(label.prefix(40)), at: Point(x: 0, y: y))
        }
    }

    @Test func aOneLineScrollMovesTheScreenInsteadOfRewritingIt() throws {
        try Self.withBackend { backend, pty in
            let start = backend.bytesWritten
            backend.draw(Self.rows(from: 100))
            backend.flush()
            #expect(pty.read(count: backend.bytesWritten - start).count == backend.bytesWritten - start)
            let afterFirst = backend.bytesWritten
            backend.draw(Self.rows(from: 101))
            backend.flush()
            let wire = String(decoding: pty.read(count: backend.bytesWritten - afterFirst), as: UTF8.self)
            // The whole screen scrolls (a newline on the bottom row), and only the new bottom row is
            // written: none of the nine rows that moved is sent again.
            #expect(wire.hasPrefix("\u{1B}[?2026h"))
            #expect(wire.contains("record 110"))
            for moved in 101...109 { #expect(!wire.contains("record \(moved)")) }
            #expect(backend.bytesWritten - afterFirst <= 2 * 40 + 30)
        }
    }

    @Test func aTerminalWithoutSynchronizedOutputGetsNoBrackets() throws {
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        let backend = try NcursesBackend(term: "linux", input: pty.slave, output: pty.slave)
        defer { backend.end() }
        backend.flush()
        _ = pty.read(count: backend.bytesWritten)
        let before = backend.bytesWritten
        backend.draw(Self.text("x", at: Point(x: 5, y: 3)))
        backend.flush()
        let wire = String(decoding: pty.read(count: backend.bytesWritten - before), as: UTF8.self)
        #expect(wire == "\u{1B}[4;6Hx")
    }

    @Test func aLongReverseBlankRunIsErasedNotSpelledOut() throws {
        try Self.withBackend(columns: 80) { backend, pty in
            let before = backend.bytesWritten
            let selected = Style(foreground: .blue, attributes: .reverse)
            let row = "ab" + String(repeating: " ", count: 70) + "cd"
            backend.draw(Self.text(row, at: Point(x: 0, y: 2), style: selected))
            backend.flush()
            let wire = String(decoding: pty.read(count: backend.bytesWritten - before), as: UTF8.self)
            // "ab" in reverse blue, the blanks erased on a blue background, "cd" in reverse blue again.
            #expect(wire.contains("ab"))
            #expect(wire.contains("\u{1B}[44m\u{1B}[70X"))
            #expect(wire.contains("cd"))
            #expect(!wire.contains("  "))
            // Spelled out, the 74 characters and the 16 bytes of brackets alone would be 90,
            // before any cursor move or attribute.
            #expect(backend.bytesWritten - before < 90)
        }
    }

    @Test func withoutColourReverseBlanksAreSpelledOut() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 10))
        let backend = try NcursesBackend(term: "xterm-256color", input: pty.slave, output: pty.slave,
                                         environment: ["NO_COLOR": "1"])
        defer { backend.end() }
        backend.flush()
        _ = pty.read(count: backend.bytesWritten)
        let before = backend.bytesWritten
        let row = "ab" + String(repeating: " ", count: ErasableBlank.minimumRun) + "cd"
        backend.draw(Self.text(row, at: Point(x: 0, y: 2), style: Style(foreground: .blue, attributes: .reverse)))
        backend.flush()
        let wire = String(decoding: pty.read(count: backend.bytesWritten - before), as: UTF8.self)
        // Monochrome: the blanks stay reverse video, so the highlight still shows.
        #expect(wire.contains("ab" + String(repeating: " ", count: ErasableBlank.minimumRun) + "cd"))
    }

    /// Records in a table with a header line and a footer, the selection on the table's last row.
    struct PushedTable: View {
        var top: Int
        var body: some View {
            VStack {
                Text("Records").bold()
                Table(columns: [TableColumn("Record", width: .flexible()), TableColumn("Size", width: .fixed(6))],
                      rowCount: 10_000, state: TableState(selection: top + 6, scrollOffset: top)) { index in
                    [Text("record \(index) " + String(repeating: "~", count: 5 + index % 11)), Text("\(index % 997)")]
                }
                .showsScrollIndicator(false)
                Text("footer").dim()
            }
        }
    }

    @Test func theSelectionPushingATableUpMovesItsRowsAndKeepsTheBar() throws {
        try Self.withBackend { backend, pty in
            var environment = EnvironmentValues()
            environment.colorCapability = .indexed256
            let session = RenderSession(backend: backend, environment: environment)
            let start = backend.bytesWritten
            session.render(PushedTable(top: 100))
            _ = pty.read(count: backend.bytesWritten - start)
            let before = backend.bytesWritten
            let stats = session.render(PushedTable(top: 101))
            let wire = String(decoding: pty.read(count: backend.bytesWritten - before), as: UTF8.self)
            // Table rows 2…8, the selection on row 8: rows 2…7 scroll up one line inside a
            // scroll region (rows 3…8 counted from 1), the selected row is not part of it.
            #expect(stats.rowShift == RowShift(region: 2...7, lines: 1))
            // Row 7 is written on the blank line the scroll left; on the selected row only the
            // characters that differ ("106 ~…" becomes "107 ~…") are sent, its bar stays.
            #expect(wire == "\u{1B}[?2026h"
                + "\u{1B}[3;8r\u{1B}[8;1H\n\u{1B}[1;10r"
                + "\u{1B}[8;1Hrecord 106 ~~~~~~~~~~~~\u{1B}[35G106"
                + "\u{1B}[9;10H\u{1B}[97m\u{1B}[44m7\u{1B}[9;24H~\u{1B}[37G7\u{1B}[39;49m\u{1B}(B\u{1B}[m"
                + "\u{1B}[?2026l")
            #expect(backend.bytesWritten - before == wire.utf8.count)
            #expect(wire.utf8.count == 119)
        }
    }

    @Test func withoutECHARowLosingItsBarIsClearedToTheEndOfTheLine() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 10))
        let backend = try NcursesBackend(term: "tmux-256color", input: pty.slave, output: pty.slave, environment: [:])
        defer { backend.end() }
        backend.flush()
        _ = pty.read(count: backend.bytesWritten)
        let bar = Style(foreground: .brightWhite, background: .blue)
        let row = "ORD-1 Ana" + String(repeating: " ", count: 58) + "12.50 Pending"
        let start = backend.bytesWritten
        backend.draw(Self.text(String(repeating: " ", count: 80), at: Point(x: 0, y: 2), style: bar))
        backend.draw(Self.text(row, at: Point(x: 0, y: 2), style: bar))
        backend.flush()
        _ = pty.read(count: backend.bytesWritten - start)
        let before = backend.bytesWritten
        backend.draw(Self.text(row + String(repeating: " ", count: 80 - row.count), at: Point(x: 0, y: 2)))
        backend.flush()
        let wire = String(decoding: pty.read(count: backend.bytesWritten - before), as: UTF8.self)
        // The text before the blanks, the rest of the line erased (EL), the text after the blanks
        // put back; no run of spaces is sent.
        #expect(wire.contains("ORD-1 Ana"))
        #expect(wire.contains("\u{1B}[K"))
        #expect(wire.contains("12.50 Pending"))
        #expect(!wire.contains("     "))
        #expect(wire.utf8.count <= 75, "\(wire.utf8.count) bytes: \(wire.debugDescription)")
    }
}
