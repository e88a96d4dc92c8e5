/// Layers its children on top of each other, later ones in front, each placed by `alignment`.
public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { fatalError("ZStack is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        var inner = context
        inner.stackAxis = nil
        var children: [LayoutNode] = []
        content.resolve(inner, into: &children)
        nodes.append(ZStackNode(alignment: alignment, children: children))
    }
}

final class ZStackNode: LayoutNode {
    let alignment: Alignment
    let children: [LayoutNode]

    init(alignment: Alignment, children: [LayoutNode]) {
        self.alignment = alignment
        self.children = children
    }

    override var debugLabel: String { "ZStack" }
    override var debugChildren: [LayoutNode] { children }

    override func measure(_ proposal: ProposedSize) -> Size {
        children.reduce(Size.zero) { size, child in
            let childSize = child.sizeThatFits(proposal)
            return Size(width: max(size.width, childSize.width), height: max(size.height, childSize.height))
        }
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let proposal = ProposedSize(rect.size)
        context.clipped(to: rect) { context in
            for child in children {
                let size = child.sizeThatFits(proposal)
                let placed = alignment.place(Size(width: min(size.width, rect.width), height: min(size.height, rect.height)), in: rect)
                child.draw(in: placed, context: &context)
            }
        }
    }
}
