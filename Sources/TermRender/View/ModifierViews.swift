/// A view that wraps exactly one node made from `content` in a node of its own.
@MainActor
protocol SingleChildModifier: PrimitiveView {
    associatedtype Content: View
    var content: Content { get }
    /// The node that wraps `child`.
    func makeNode(child: LayoutNode, context: ResolveContext) -> LayoutNode
    /// The context the content is resolved in; by default unchanged.
    func contentContext(_ context: ResolveContext) -> ResolveContext
}

extension SingleChildModifier {
    func contentContext(_ context: ResolveContext) -> ResolveContext { context }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        let child = content.resolveSingle(contentContext(context))
        nodes.append(makeNode(child: child, context: context))
    }
}

/// Content resolved in a changed environment: text style, theme, line limit or any key.
public struct EnvironmentModifiedView<Content: View>: View, PrimitiveView {
    let content: Content
    let transform: @MainActor (inout EnvironmentValues) -> Void

    public var body: Never { fatalError("EnvironmentModifiedView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        var inner = context
        transform(&inner.environment)
        content.resolve(inner, into: &nodes)
    }
}

/// Content with a node-level modifier applied (padding, frame, border, …).
public struct ModifiedView<Content: View>: View, SingleChildModifier {
    let content: Content
    let wrap: @MainActor (LayoutNode, ResolveContext) -> LayoutNode

    public var body: Never { fatalError("ModifiedView is primitive") }

    func makeNode(child: LayoutNode, context: ResolveContext) -> LayoutNode {
        wrap(child, context)
    }
}

/// Content with another view layered behind or in front of it, sized to the content.
public struct LayeredView<Content: View, Layer: View>: View, PrimitiveView {
    let content: Content
    let layer: Layer
    let alignment: Alignment
    let layerInFront: Bool

    public var body: Never { fatalError("LayeredView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        var layerContext = context
        layerContext.stackAxis = nil
        let node = LayerNode(
            content: content.resolveSingle(context),
            layer: layer.resolveSingle(layerContext),
            alignment: alignment,
            layerInFront: layerInFront
        )
        nodes.append(node)
    }
}
