/// Several views side by side in a builder; a stack lays each of them out as its own child.
public struct TupleView<each Content: View>: View, PrimitiveView {
    let content: (repeat each Content)

    public init(_ content: repeat each Content) {
        self.content = (repeat each content)
    }

    public var body: Never { fatalError("TupleView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        for child in repeat each content {
            child.resolve(context, into: &nodes)
        }
    }
}
