/// What one frame cost on the way to the terminal.
public struct RenderStats: Hashable, Sendable {
    /// Frames rendered by the session so far, this one included.
    public var frame: Int
    /// The size the frame was laid out for.
    public var size: Size
    /// Cells handed to the backend; 0 when the frame looked the same as the last one.
    public var cellsChanged: Int
    /// Bytes the backend wrote for this frame, when it can count them (`ByteCountingBackend`).
    public var bytesWritten: Int?
    /// Whether the whole screen was sent (first frame, resize or after `invalidate()`).
    public var wasFullRedraw: Bool
    /// The rows the terminal was asked to move before the changed cells were sent, if any.
    public var rowShift: RowShift?

    public init(frame: Int, size: Size, cellsChanged: Int, bytesWritten: Int?, wasFullRedraw: Bool, rowShift: RowShift? = nil) {
        self.frame = frame
        self.size = size
        self.cellsChanged = cellsChanged
        self.bytesWritten = bytesWritten
        self.wasFullRedraw = wasFullRedraw
        self.rowShift = rowShift
    }
}
