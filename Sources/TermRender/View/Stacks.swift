/// Arranges its children left to right.
public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: Int
    let content: Content

    /// A row with `spacing` columns between children, aligned vertically by `alignment`.
    public init(alignment: VerticalAlignment = .center, spacing: Int = 1, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { fatalError("HStack is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        var inner = context
        inner.stackAxis = .horizontal
        var children: [LayoutNode] = []
        content.resolve(inner, into: &children)
        let cross: StackNode.CrossAlignment = switch alignment {
        case .top: .leading
        case .center: .center
        case .bottom: .trailing
        }
        nodes.append(StackNode(axis: .horizontal, alignment: cross, spacing: spacing, children: children))
    }
}

/// Arranges its children top to bottom.
public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: Int
    let content: Content

    /// A column with `spacing` rows between children, aligned horizontally by `alignment`.
    public init(alignment: HorizontalAlignment = .leading, spacing: Int = 0, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { fatalError("VStack is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        var inner = context
        inner.stackAxis = .vertical
        var children: [LayoutNode] = []
        content.resolve(inner, into: &children)
        let cross: StackNode.CrossAlignment = switch alignment {
        case .leading: .leading
        case .center: .center
        case .trailing: .trailing
        }
        nodes.append(StackNode(axis: .vertical, alignment: cross, spacing: spacing, children: children))
    }
}
