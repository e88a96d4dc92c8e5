/// Empty space that grows along the enclosing stack's axis (in both directions outside a stack).
public struct Spacer: View, PrimitiveView {
    let minLength: Int

    /// A spacer at least `minLength` cells long.
    public init(minLength: Int = 0) {
        self.minLength = max(0, minLength)
    }

    public var body: Never { fatalError("Spacer is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        nodes.append(SpacerNode(axis: context.stackAxis, minLength: minLength))
    }
}
