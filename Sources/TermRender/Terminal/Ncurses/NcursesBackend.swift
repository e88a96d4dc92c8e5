import Foundation
import CNcurses
import Glibc

/// The real terminal, drawn through ncurses.
///
/// ncurses is used for output only: it owns the screen model, the cursor
/// optimisation and the alternate screen, while input is read as raw bytes and
/// decoded by `InputDecoder`. Everything ncurses-specific stays in this folder.
///
/// ncurses writes into a capture file rather than the terminal; the backend
/// forwards each frame with one `write(2)`, wrapped in synchronized output
/// (mode 2026) where the terminal has it, and counts every byte it sends.
@MainActor
public final class NcursesBackend: ScrollingBackend, ByteCountingBackend {
    /// What the terminal can do; decides colours and which modes are sent.
    public let capabilities: TerminalCapabilities
    /// The file descriptor frames are written to.
    public let outputDescriptor: Int32
    /// Bytes sent to the terminal so far: frames, mode switches, entering and leaving.
    public private(set) var bytesWritten = 0
    /// How many times output was handed to the terminal: one batch per frame that changed
    /// anything (a batch is one `write(2)` unless the kernel takes it in parts).
    public private(set) var writeBatches = 0

    private let screen: OpaquePointer
    private let capture: NcursesOutputCapture
    /// The stream ncurses was given as input when it is not stdin; closed at the end.
    private let inputStream: UnsafeMutablePointer<FILE>?
    /// nil when the output is not a terminal (nothing to switch).
    private let lineModes: TerminalLineModes?
    private var rows: Int32
    private var columns: Int32
    private var cursor: Point?
    private var cursorVisible = false
    /// After `end()` ncurses' screen is freed: drawing becomes a no-op.
    private var hasEnded = false
    /// While the program is stopped or runs in the background the terminal is
    /// the shell's: frames are drawn into ncurses' model but not sent. The
    /// first frame after resuming is sent in full.
    var isOutputPaused = false
    private var colorPairs: ColorPairTable
    /// The terminal erases characters in place (terminfo `ech`); ncurses then needs no help.
    private let canEraseCharacters: Bool
    /// For every cell, the width ncurses believes it holds: 2 for a wide
    /// character, 0 for its right half, 1 otherwise. Needed to clear both
    /// halves of a wide character before writing over either.
    private var widths: [[UInt8]]

    /// Takes over the terminal on `input` and `output` (standard input and
    /// output by default): alternate screen, raw mode, no echo. Throws when
    /// they are not terminals or terminfo lacks `term`. Internal: a
    /// `TerminalSession` creates it, so that the terminal is always given back.
    init(term: String, input: Int32 = 0, output: Int32 = 1,
         environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard isatty(input) == 1, isatty(output) == 1 else { throw TerminalError.notATerminal }
        Self.selectUTF8Locale()
        guard let capture = NcursesOutputCapture() else { throw TerminalError.notATerminal }
        var inputStream: UnsafeMutablePointer<FILE>?
        if input != 0 {
            let copy = dup(input)
            inputStream = copy >= 0 ? fdopen(copy, "r") : nil
            guard inputStream != nil else {
                if copy >= 0 { close(copy) }
                throw TerminalError.notATerminal
            }
        }
        guard let screen = term.withCString({ newterm($0, capture.stream, inputStream ?? orders_stdin()) }) else {
            if let inputStream { fclose(inputStream) }
            throw TerminalError.unknownTerminal(term)
        }
        guard Self.terminfoString("cup") != nil else {
            endwin()
            delscreen(screen)
            if let inputStream { fclose(inputStream) }
            throw TerminalError.cannotMoveCursor(term)
        }
        self.screen = screen
        self.capture = capture
        self.inputStream = inputStream
        self.outputDescriptor = output
        // ncurses cannot reach the tty through the capture file: set its modes here.
        lineModes = TerminalLineModes(descriptor: output)
        lineModes?.applyProgram(to: output)
        raw()
        noecho()
        nonl()
        // ncurses would poll the input for typeahead and abandon a frame half
        // drawn; input is ours, and every frame must go out whole.
        typeahead(-1)
        keypad(orders_stdscr(), false)
        intrflush(orders_stdscr(), false)
        leaveok(orders_stdscr(), true)
        curs_set(0)
        var colorCount = 0
        var defaultColors = false
        if has_colors() {
            start_color()
            defaultColors = use_default_colors() != ERR
            colorCount = Int(orders_color_count())
        }
        capabilities = TerminalCapabilities.detect(
            term: term, colorCount: colorCount, hasMouseKey: Self.terminfoString("kmous") != nil,
            keypadTransmit: Self.terminfoString("smkx") ?? "", keypadLocal: Self.terminfoString("rmkx") ?? "",
            environment: environment)
        canEraseCharacters = Self.terminfoString("ech") != nil
        colorPairs = ColorPairTable(capability: capabilities.colors, pairLimit: Int(orders_color_pair_count()),
                                    directColor: colorCount >= ColorMapping.directColorCount, defaultColors: defaultColors)
        // The capture file has no window size: take the terminal's.
        var window = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            resizeterm(Int32(window.ws_row), Int32(window.ws_col))
        }
        rows = getmaxy(orders_stdscr())
        columns = getmaxx(orders_stdscr())
        widths = Self.blankWidths(rows: rows, columns: columns)
        // Whatever ncurses sent while starting (alternate screen, cursor off).
        send(capture.take())
    }

    /// The bytes that undo the terminal's entry state without ncurses:
    /// attributes off, cursor shown, alternate screen left. For crash handlers.
    var emergencyResetSequence: String {
        (Self.terminfoString("sgr0") ?? "\u{1B}[m") + (Self.terminfoString("cnorm") ?? "")
            + (Self.terminfoString("rmcup") ?? "")
    }

    // MARK: Backend

    public var size: Size { Size(width: Int(columns), height: Int(rows)) }

    public func draw(_ changes: [CellChange]) {
        guard !hasEnded else { return }
        let window = orders_stdscr()
        // Without colour, a reverse blank has no same-looking counterpart.
        let erasable = capabilities.colors == .none
            ? [Bool](repeating: false, count: changes.count) : ErasableBlank.longRuns(in: changes)
        let plain = ErasableBlank.plainRuns(in: changes)
        let styles = changes.indices.map { index in
            erasable[index] ? ErasableBlank.erasable(changes[index].cell.style) : plain[index] ? .plain : changes[index].cell.style
        }
        if !canEraseCharacters && !isOutputPaused { clearLinesEarly(changes, styles: styles, window: window) }
        for (index, change) in changes.enumerated() {
            let x = change.position.x, y = change.position.y
            guard y >= 0, y < Int(rows), x >= 0, x < Int(columns), !change.cell.isContinuation else { continue }
            put(change.cell, style: styles[index], x: x, y: y, window: window)
        }
    }

    /// Scrolls the rows on the terminal. ncurses picks its scroll operations by comparing the
    /// screen it wants with the one it has; left to itself it often scrolls a band one row too
    /// tall (a selection bar included) and then resends that row whole. So the band is scrolled
    /// in ncurses' own window first and that state is sent — ncurses then finds exactly one
    /// shifted band and moves it with a scroll region — and the frame's changes follow. Both
    /// updates go to the capture file and leave in the frame's one write.
    public func scroll(_ shift: RowShift) {
        guard !hasEnded else { return }
        let top = shift.region.lowerBound, bottom = shift.region.upperBound
        guard top >= 0, bottom < Int(rows), top < bottom, shift.lines != 0 else { return }
        let window = orders_stdscr()
        wsetscrreg(window, Int32(top), Int32(bottom))
        scrollok(window, true)
        wscrl(window, Int32(shift.lines))
        scrollok(window, false)
        wsetscrreg(window, 0, rows - 1)
        let moved = widths
        for y in top...bottom {
            let source = y + shift.lines
            widths[y] = (top...bottom).contains(source)
                ? moved[source] : [UInt8](repeating: 1, count: Int(columns))
        }
        // While suspended nothing is sent; the repaint on resuming shows the scrolled window.
        guard !isOutputPaused else { return }
        wnoutrefresh(window)
        doupdate()
    }

    public func clear() {
        guard !hasEnded else { return }
        werase(orders_stdscr())
        clearok(orders_curscr(), true)
        widths = Self.blankWidths(rows: rows, columns: columns)
    }

    public func setCursor(_ position: Point?) {
        cursor = position
    }

    public func flush() {
        guard !hasEnded, !isOutputPaused else { return }
        let window = orders_stdscr()
        if let cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < Int(columns), cursor.y < Int(rows) {
            leaveok(window, false)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
            if !cursorVisible { curs_set(1); cursorVisible = true }
        } else {
            leaveok(window, true)
            if cursorVisible { curs_set(0); cursorVisible = false }
        }
        wnoutrefresh(window)
        doupdate()
        sendFrame(capture.take())
    }

    // MARK: Lifecycle, driven by TerminalSession

    /// Gives the terminal back to the shell (normal screen, cooked mode).
    /// With `restoringLineModes` false the tty's modes are left alone: in the
    /// background they are the shell's already, and changing them would stop
    /// the process (SIGTTOU).
    func suspend(restoringLineModes: Bool = true) {
        guard !hasEnded else { return }
        isOutputPaused = true
        endwin()
        send(capture.take())
        if restoringLineModes { lineModes?.restoreOriginal(to: outputDescriptor) }
    }

    /// Takes the terminal again after `suspend()` and repaints everything,
    /// since the screen's contents are unknown after a stop or a crash report.
    func resume() {
        guard !hasEnded else { return }
        isOutputPaused = false
        lineModes?.applyProgram(to: outputDescriptor)
        reset_prog_mode()
        // The window may have been resized meanwhile, unheard: SIGWINCH goes to the foreground job.
        updateSize()
        clearok(orders_curscr(), true)
        wrefresh(orders_stdscr())
        if cursorVisible { curs_set(1) } else { curs_set(0) }
        sendFrame(capture.take())
    }

    /// Ends ncurses for good.
    func end() {
        guard !hasEnded else { return }
        hasEnded = true
        endwin()
        send(capture.take())
        delscreen(screen)
        lineModes?.restoreOriginal(to: outputDescriptor)
        if let inputStream { fclose(inputStream) }
    }

    /// Adopts the window size the kernel reports now; returns it. The screen is
    /// cleared when the size changed (a renderer then sees the new size and
    /// draws in full); at the same size ncurses' model of the screen stays valid.
    @discardableResult
    func updateSize() -> Size {
        guard !hasEnded else { return size }
        let previous = size
        var window = winsize()
        if ioctl(outputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            resizeterm(Int32(window.ws_row), Int32(window.ws_col))
        }
        rows = getmaxy(orders_stdscr())
        columns = getmaxx(orders_stdscr())
        if size != previous { clear() }
        return size
    }

    /// Writes bytes straight to the terminal, outside ncurses' screen model
    /// (mode switches), after anything ncurses has produced so far.
    func write(_ text: String) {
        guard !text.isEmpty else { return }
        var bytes = hasEnded ? [] : capture.take()
        bytes.append(contentsOf: text.utf8)
        send(bytes)
    }

    // MARK: Output

    /// Sends one frame of ncurses output in a single write, between the
    /// synchronized-output brackets; nothing at all when ncurses had nothing to say.
    private func sendFrame(_ frame: [UInt8]) {
        guard !frame.isEmpty else { return }
        let modes = TerminalModes(capabilities: capabilities, mouseCapture: false)
        var bytes = Array(modes.beginSynchronizedUpdate.utf8)
        bytes.reserveCapacity(bytes.count * 2 + frame.count)
        bytes.append(contentsOf: frame)
        bytes.append(contentsOf: modes.endSynchronizedUpdate.utf8)
        send(bytes)
    }

    private func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        var bytes = bytes
        TerminalWriter.writeAll(outputDescriptor, &bytes)
        bytesWritten += bytes.count
        writeBatches += 1
    }

    // MARK: Cells

    /// Without ECH (tmux's and screen's terminfo lack it) ncurses spells out every blank of a
    /// row except those up to the end of a line, which it clears with EL. A row that turns a long
    /// stretch mid-line into plain blanks (a table row losing the selection bar) is therefore
    /// cleared from that stretch to its end and sent first; what lies to the right is put back and
    /// goes out with the rest of the frame. An EL and a cursor move replace the spaces.
    private func clearLinesEarly(_ changes: [CellChange], styles: [Style], window: UnsafeMutablePointer<WINDOW>?) {
        var starts: [(y: Int, x: Int)] = []
        var index = 0
        while index < changes.count {
            let first = changes[index]
            var end = index
            while end < changes.count, changes[end].cell.grapheme == " ", styles[end] == .plain,
                  changes[end].position.y == first.position.y,
                  changes[end].position.x == first.position.x + (end - index) {
                end += 1
            }
            let y = first.position.y, x = first.position.x
            if end - index >= Self.earlyClearRun, y >= 0, y < Int(rows), x >= 0, x < Int(columns),
               starts.last?.y != y {
                starts.append((y, x))
            }
            index = max(end, index + 1)
        }
        guard !starts.isEmpty else { return }
        var saved: [[cchar_t]] = []
        for (y, x) in starts {
            let count = Int(columns) - x
            var cells = [cchar_t](repeating: cchar_t(), count: count + 1)
            mvwin_wchnstr(window, Int32(y), Int32(x), &cells, Int32(count))
            saved.append(cells)
            wmove(window, Int32(y), Int32(x))
            wclrtoeol(window)
        }
        wnoutrefresh(window)
        doupdate()
        for ((y, x), cells) in zip(starts, saved) {
            mvwadd_wchnstr(window, Int32(y), Int32(x), cells, Int32(Int(columns) - x))
        }
    }

    /// Plain blanks in a row from which clearing to the end of the line pays: the clear and a
    /// cursor move back cost about 20 bytes.
    static let earlyClearRun = 24

    /// Puts `cell` in `style` (its own, or a same-looking one that is cheaper to send).
    private func put(_ cell: Cell, style: Style, x: Int, y: Int, window: UnsafeMutablePointer<WINDOW>?) {
        let wantedWidth = Int(cell.width)
        guard x + wantedWidth <= Int(columns) else {
            // A wide character that does not fit at the right edge.
            putBlank(x: x, y: y, style: style, window: window)
            return
        }
        clearWideCharacter(around: x, y: y, window: window)
        if wantedWidth == 2 { clearWideCharacter(around: x + 1, y: y, window: window) }

        let attributes = Self.attributes(style.attributes)
        let pair = colorPairs.pair(foreground: style.foreground, background: style.background)
        var glyph = NcursesGlyph(cell.grapheme)
        if glyph.width != wantedWidth, glyph.width > wantedWidth || glyph.width < 1 {
            // ncurses would draw more (or nothing) than the renderer laid out:
            // a placeholder keeps every later column where the renderer put it.
            glyph = NcursesGlyph.placeholder
        }
        var character = cchar_t()
        var pairNumber = Int32(pair)
        let status = glyph.characters.withUnsafeBufferPointer { characters in
            setcchar(&character, characters.baseAddress, attributes, Int16(truncatingIfNeeded: pair), &pairNumber)
        }
        if status == ERR {
            glyph = NcursesGlyph.placeholder
            _ = glyph.characters.withUnsafeBufferPointer { characters in
                setcchar(&character, characters.baseAddress, attributes, Int16(truncatingIfNeeded: pair), &pairNumber)
            }
        }
        mvwadd_wch(window, Int32(y), Int32(x), &character)
        widths[y][x] = UInt8(glyph.width)
        if glyph.width == 2 { widths[y][x + 1] = 0 }
        // Fill the rest of the laid-out width when ncurses drew a narrower glyph.
        var filled = glyph.width
        while filled < wantedWidth {
            putBlank(x: x + filled, y: y, style: style, window: window)
            filled += 1
        }
    }

    /// If the cell at `x` is either half of a wide character, blanks both halves.
    private func clearWideCharacter(around x: Int, y: Int, window: UnsafeMutablePointer<WINDOW>?) {
        guard x < Int(columns) else { return }
        let lead: Int
        switch widths[y][x] {
        case 0: lead = x - 1
        case 2: lead = x
        default: return
        }
        guard lead >= 0 else { return }
        putBlank(x: lead, y: y, style: .plain, window: window)
        if lead + 1 < Int(columns) { putBlank(x: lead + 1, y: y, style: .plain, window: window) }
    }

    private func putBlank(x: Int, y: Int, style: Style, window: UnsafeMutablePointer<WINDOW>?) {
        var character = cchar_t()
        let pair = colorPairs.pair(foreground: style.foreground, background: style.background)
        var pairNumber = Int32(pair)
        var blank: [wchar_t] = [0x20, 0]
        setcchar(&character, &blank, Self.attributes(style.attributes), Int16(truncatingIfNeeded: pair), &pairNumber)
        mvwadd_wch(window, Int32(y), Int32(x), &character)
        widths[y][x] = 1
    }

    private static func attributes(_ attributes: TextAttributes) -> attr_t {
        var result = orders_a_normal()
        if attributes.contains(.bold) { result |= orders_a_bold() }
        if attributes.contains(.dim) { result |= orders_a_dim() }
        if attributes.contains(.italic) { result |= orders_a_italic() }
        if attributes.contains(.underline) { result |= orders_a_underline() }
        if attributes.contains(.reverse) { result |= orders_a_reverse() }
        return result
    }

    private static func blankWidths(rows: Int32, columns: Int32) -> [[UInt8]] {
        Array(repeating: Array(repeating: 1, count: Int(max(columns, 0))), count: Int(max(rows, 0)))
    }

    // MARK: Setup helpers

    /// Wide text needs a UTF-8 locale; ssh sessions often arrive with LANG unset.
    private static func selectUTF8Locale() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset).uppercased().contains("UTF") { return }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil { return }
    }

    /// Removes terminfo delays (`$<5>`, `$<2/*>`): meaningless to a terminal emulator.
    nonisolated static func removingPadding(_ capability: String) -> String {
        var result = ""
        var characters = capability[...]
        while let dollar = characters.firstIndex(of: "$") {
            result += characters[..<dollar]
            let rest = characters[dollar...]
            if rest.dropFirst().first == "<", let close = rest.firstIndex(of: ">") {
                characters = characters[characters.index(after: close)...]
            } else {
                result.append("$")
                characters = characters[characters.index(after: dollar)...]
            }
        }
        return result + characters
    }

    /// A terminfo string capability, with padding (`$<5>`) removed; nil if absent.
    static func terminfoString(_ name: String) -> String? {
        guard let value = name.withCString({ tigetstr(UnsafeMutablePointer(mutating: $0)) }),
              Int(bitPattern: value) != -1
        else { return nil }
        let text = removingPadding(String(cString: value))
        return text.isEmpty ? nil : text
    }
}
