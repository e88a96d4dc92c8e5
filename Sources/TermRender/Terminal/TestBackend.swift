/// An in-memory backend for tests: keeps the cell grid a terminal would show and counts what it got.
///
/// Compare a whole screen with `screenLines` or `mismatch(with:)`; check styles with `style(at:)`.
/// It also checks the renderer's side of the `Backend` contract and records every breach in
/// `contractViolations` (changes outside the screen, or out of row-major order within one call).
@MainActor
public final class TestBackend: ScrollingBackend, ByteCountingBackend {
    /// What the terminal shows now (after the last `draw`; `flush` is only counted).
    public private(set) var grid: Buffer
    /// The cursor position last set, or nil when hidden.
    public private(set) var cursor: Point?
    /// Total cells received through `draw` since creation or `resetCounters()`.
    public private(set) var cellsReceived = 0
    /// Number of `draw` calls since creation or `resetCounters()`.
    public private(set) var drawCalls = 0
    /// Number of `flush` calls since creation or `resetCounters()`.
    public private(set) var flushCount = 0
    /// Number of `clear` calls since creation or `resetCounters()`.
    public private(set) var clearCount = 0
    /// Every `scroll` since creation or `resetCounters()`, in order.
    public private(set) var scrolls: [RowShift] = []
    /// The cells of the most recent `draw` call.
    public private(set) var lastChanges: [CellChange] = []
    /// Descriptions of calls that broke the renderer's promises; empty when all is well.
    public private(set) var contractViolations: [String] = []
    /// A stand-in byte count: the UTF-8 size of every grapheme received, so byte statistics can be tested.
    public private(set) var bytesWritten = 0

    /// A screen of `size`, blank.
    public init(size: Size) {
        grid = Buffer(size: size)
    }

    public var size: Size { grid.size }

    public func draw(_ changes: [CellChange]) {
        drawCalls += 1
        cellsReceived += changes.count
        lastChanges = changes
        var previous: Point?
        for change in changes {
            let position = change.position
            if let previous, (position.y, position.x) <= (previous.y, previous.x) {
                contractViolations.append("change at \(position) after \(previous): not row-major")
            }
            previous = position
            guard grid.bounds.contains(position) else {
                contractViolations.append("change at \(position) outside \(grid.size)")
                continue
            }
            bytesWritten += change.cell.grapheme.utf8.count
            grid.setCellUnchecked(change.cell, at: position)
        }
    }

    /// Moves the rows as a terminal's scroll region would.
    public func scroll(_ shift: RowShift) {
        scrolls.append(shift)
        guard shift.region.lowerBound >= 0, shift.region.upperBound < grid.size.height else {
            contractViolations.append("scroll of rows \(shift.region) outside \(grid.size)")
            return
        }
        grid = grid.scrolled(by: shift)
    }

    public func clear() {
        clearCount += 1
        grid = Buffer(size: grid.size)
    }

    public func setCursor(_ position: Point?) {
        cursor = position
    }

    public func flush() {
        flushCount += 1
    }

    /// Simulates the terminal being resized: the grid is cleared, as a real terminal's would be redrawn.
    public func resize(to newSize: Size) {
        grid = Buffer(size: newSize)
    }

    /// Zeroes the counters, so a test can look at one frame's traffic.
    public func resetCounters() {
        cellsReceived = 0
        drawCalls = 0
        flushCount = 0
        clearCount = 0
        scrolls = []
        bytesWritten = 0
        lastChanges = []
    }

    /// The screen, one string per row, wide glyphs once (their continuation cells skipped).
    public var screenLines: [String] { grid.lines }

    /// The style of the cell at column `x`, row `y`.
    public func style(x: Int, y: Int) -> Style { grid[x: x, y: y].style }

    /// The cell at column `x`, row `y`.
    public func cell(x: Int, y: Int) -> Cell { grid[x: x, y: y] }

    /// Nil when the screen shows exactly `expected`; otherwise a readable side-by-side report.
    public func mismatch(with expected: [String]) -> String? {
        ScreenComparison.mismatch(actual: screenLines, expected: expected)
    }
}

extension Buffer {
    /// Stores a cell as a terminal would, without wide-glyph repair: for `TestBackend` only.
    mutating func setCellUnchecked(_ cell: Cell, at point: Point) {
        guard bounds.contains(point) else { return }
        cells[point.y * size.width + point.x] = cell
    }
}
