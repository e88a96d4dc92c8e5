/// A view whose concrete type is hidden, for returning different view types from one place.
public struct AnyView: View, PrimitiveView {
    private let resolveContent: @MainActor (ResolveContext, inout [LayoutNode]) -> Void

    public init<Content: View>(_ content: Content) {
        if let already = content as? AnyView {
            self = already
        } else {
            resolveContent = { context, nodes in content.resolve(context, into: &nodes) }
        }
    }

    public var body: Never { fatalError("AnyView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        resolveContent(context, &nodes)
    }
}
