/// A thin line that separates: horizontal in a vertical stack, vertical in a horizontal one.
public struct Divider: View, PrimitiveView {
    public init() {}

    public var body: Never { fatalError("Divider is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        let style = context.environment.textStyle.applied(to: context.environment.theme.border)
        nodes.append(DividerNode(vertical: context.stackAxis == .horizontal, style: style))
    }
}
