/// A view that shows nothing and takes no space.
public struct EmptyView: View, PrimitiveView {
    public init() {}

    public var body: Never { fatalError("EmptyView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {}
}
