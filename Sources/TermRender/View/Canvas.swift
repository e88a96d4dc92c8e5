/// A view that draws itself with a closure, for things no other view draws (sparklines, gauges…).
///
/// It takes all the space offered (its `idealSize` when asked for an ideal), and the closure
/// draws into a context whose coordinates start at the view's top-left corner and are clipped
/// to it. Text written through the context is sanitised like any other.
public struct Canvas: View, PrimitiveView {
    let idealSize: Size
    let draw: @MainActor (inout CanvasContext) -> Void

    /// A canvas whose content `draw` paints; `idealSize` is its size when no size is proposed.
    public init(idealSize: Size = Size(width: 1, height: 1), draw: @escaping @MainActor (inout CanvasContext) -> Void) {
        self.idealSize = idealSize
        self.draw = draw
    }

    public var body: Never { fatalError("Canvas is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        nodes.append(CanvasNode(canvas: self, environment: context.environment))
    }
}

/// Drawing operations for a `Canvas`, in the canvas's own coordinates.
public struct CanvasContext {
    var drawContext: DrawContext
    let origin: Point
    /// The canvas's size: drawing outside `0..<width`, `0..<height` is discarded.
    public let size: Size
    /// The environment the canvas sits in (theme, colour capability…).
    public let environment: EnvironmentValues

    /// Writes one line of text from `point`; returns the columns it took.
    @discardableResult
    public mutating func write(_ text: some StringProtocol, at point: Point, style: Style = .plain) -> Int {
        drawContext.write(text, at: Point(x: origin.x + point.x, y: origin.y + point.y), style: style)
    }

    /// Fills `rect` with spaces in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        drawContext.fill(Rect(x: origin.x + rect.minX, y: origin.y + rect.minY, width: rect.width, height: rect.height), style: style)
    }
}

final class CanvasNode: LayoutNode {
    let canvas: Canvas
    let environment: EnvironmentValues

    init(canvas: Canvas, environment: EnvironmentValues) {
        self.canvas = canvas
        self.environment = environment
    }

    override var debugLabel: String { "Canvas" }

    override func measure(_ proposal: ProposedSize) -> Size {
        Size(
            width: proposal.width ?? canvas.idealSize.width,
            height: proposal.height ?? canvas.idealSize.height
        )
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        context.clipped(to: rect) { context in
            var canvasContext = CanvasContext(drawContext: context, origin: rect.origin, size: rect.size, environment: environment)
            // Hand the buffer over for the closure's writes, then take it back.
            context.buffer = Buffer(size: .zero)
            canvas.draw(&canvasContext)
            let cursor = context.cursor
            context = canvasContext.drawContext
            context.cursor = cursor
        }
    }
}
