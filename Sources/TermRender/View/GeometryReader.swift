/// Builds its content from the size it is given, for layouts that change with the space (narrow vs wide).
///
/// It takes all the space offered, then builds `content(size)` and lays it out in that space.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    let content: @MainActor (Size) -> Content

    public init(@ViewBuilder content: @escaping @MainActor (Size) -> Content) {
        self.content = content
    }

    public var body: Never { fatalError("GeometryReader is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        var inner = context
        inner.stackAxis = nil
        nodes.append(GeometryNode(build: { size in self.content(size).resolveSingle(inner) }))
    }
}

final class GeometryNode: LayoutNode {
    let build: @MainActor (Size) -> LayoutNode
    private var built: (size: Size, node: LayoutNode)?

    init(build: @escaping @MainActor (Size) -> LayoutNode) {
        self.build = build
    }

    override var debugLabel: String { "GeometryReader" }
    override var debugChildren: [LayoutNode] { built.map { [$0.node] } ?? [] }

    override func measure(_ proposal: ProposedSize) -> Size {
        Size(
            width: proposal.width ?? 0,
            height: proposal.height ?? 0
        )
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let node: LayoutNode
        if let built, built.size == rect.size {
            node = built.node
        } else {
            node = build(rect.size)
            built = (rect.size, node)
        }
        let size = node.sizeThatFits(ProposedSize(rect.size))
        let placed = Rect(x: rect.minX, y: rect.minY, width: min(size.width, rect.width), height: min(size.height, rect.height))
        context.clipped(to: rect) { node.draw(in: placed, context: &$0) }
    }
}
