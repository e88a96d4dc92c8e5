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
