/// Draws the child, then lays a style over every cell of its area.
final class HighlightNode: LayoutNode {
    let child: LayoutNode
    let style: Style

    init(child: LayoutNode, style: Style) {
        self.child = child
        self.style = style
    }

    override var debugLabel: String { "Highlight \(style)" }
    override var debugChildren: [LayoutNode] { [child] }
    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    override func draw(in rect: Rect, context: inout DrawContext) {
        child.draw(in: rect, context: &context)
        context.restyle(rect, with: style)
    }
}
