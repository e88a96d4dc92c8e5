/// One cell that differs from what the terminal shows now.
public struct CellChange: Hashable, Sendable {
    public var position: Point
    public var cell: Cell

    public init(position: Point, cell: Cell) {
        self.position = position
        self.cell = cell
    }
}

/// Where frames go: the real terminal (ncurses) or an in-memory grid for tests.
///
/// The renderer diffs frames itself and hands a backend only the cells that
/// changed, in row-major order; a backend never has to compare frames.
@MainActor
public protocol Backend: AnyObject {
    /// The current size of the drawing area, in cells.
    var size: Size { get }
    /// Writes changed cells. Nothing need reach the screen before `flush()`.
    func draw(_ changes: [CellChange])
    /// Forgets what the screen shows, so that the next frame is drawn in full.
    func clear()
    /// Places the visible cursor, or hides it with `nil`.
    func setCursor(_ position: Point?)
    /// Sends everything drawn since the last flush to the screen at once.
    func flush()
}
