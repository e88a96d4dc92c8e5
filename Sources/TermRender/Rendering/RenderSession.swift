/// Draws successive frames of a view to a backend, sending only the cells that changed.
///
/// Each `render` evaluates the view, lays it out for the backend's size, draws a full frame into a
/// buffer, diffs it with the previous frame and hands the backend just the changes, then flushes.
/// When nothing changed, the backend hears nothing at all.
@MainActor
public final class RenderSession {
    /// Where frames go.
    public let backend: any Backend
    /// Values every view in the tree sees unless a subtree overrides them.
    public var environment: EnvironmentValues
    /// The last frame drawn, as the terminal now shows it; nil before the first frame or after `invalidate()`.
    public private(set) var currentFrame: Buffer?
    /// Statistics of the most recent frame.
    public private(set) var lastStats: RenderStats?
    /// The named areas of the last frame, in drawing order; see `hitTest(_:)`.
    public private(set) var regions: [HitRegion] = []
    private var frameCount = 0
    private var lastCursor: Point??

    public init(backend: any Backend, environment: EnvironmentValues = EnvironmentValues()) {
        self.backend = backend
        self.environment = environment
    }

    /// Renders one frame of `view` and returns what it cost.
    @discardableResult
    public func render(_ view: some View) -> RenderStats {
        let size = backend.size
        var context = DrawContext(buffer: Buffer(size: size))
        FrameRenderer.draw(view, environment: environment, context: &context)
        let frame = context.buffer
        frameCount += 1

        let fullRedraw = currentFrame?.size != size
        if fullRedraw && currentFrame != nil { backend.clear() }
        let bytesBefore = (backend as? any ByteCountingBackend)?.bytesWritten
        var touched = false
        var shown = currentFrame ?? Buffer(size: .zero)
        // Rows that moved together (a list scrolled) are moved by the terminal, and only what
        // still differs afterwards is sent.
        var shift: RowShift?
        if !fullRedraw, let scrolling = backend as? any ScrollingBackend, let found = frame.rowShift(from: shown) {
            scrolling.scroll(found)
            shown = shown.scrolled(by: found)
            shift = found
            touched = true
        }
        let changes = frame.diff(from: shown)
        if !changes.isEmpty {
            backend.draw(changes)
            touched = true
        }
        if lastCursor != .some(context.cursor) {
            backend.setCursor(context.cursor)
            lastCursor = .some(context.cursor)
            touched = true
        }
        if touched { backend.flush() }
        currentFrame = frame
        regions = context.regions

        let bytesAfter = (backend as? any ByteCountingBackend)?.bytesWritten
        let bytes = bytesBefore.flatMap { before in bytesAfter.map { $0 - before } }
        let stats = RenderStats(frame: frameCount, size: size, cellsChanged: changes.count, bytesWritten: bytes, wasFullRedraw: fullRedraw,
                                rowShift: shift)
        lastStats = stats
        return stats
    }

    /// The id of the topmost named area at `point` in the last frame (for mouse clicks), or nil.
    public func hitTest(_ point: Point) -> AnyHashable? {
        regions.topmost(at: point)?.id
    }

    /// Forgets what the screen shows, so the next frame is sent in full (after a resize or corruption).
    public func invalidate() {
        backend.clear()
        currentFrame = nil
        lastCursor = nil
    }
}
