/// Fills its area with a style, then draws the child on top.
final class FillNode: LayoutNode {
    let child: LayoutNode
    let style: Style

    init(child: LayoutNode, style: Style) {
        self.child = child
        self.style = style
    }

    override var debugLabel: String { "Fill \(style)" }
    override var debugChildren: [LayoutNode] { [child] }
    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    override func draw(in rect: Rect, context: inout DrawContext) {
        context.fill(rect, style: style)
        child.draw(in: rect, context: &context)
    }
}
