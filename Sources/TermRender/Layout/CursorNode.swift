/// Asks for the terminal cursor at a column of the child's first row.
final class CursorNode: LayoutNode {
    let child: LayoutNode
    let column: Int?

    init(child: LayoutNode, column: Int?) {
        self.child = child
        self.column = column
        super.init()
        layoutPriority = child.layoutPriority
    }

    override var debugLabel: String { "Cursor \(column.map(String.init) ?? "-")" }
    override var debugChildren: [LayoutNode] { [child] }
    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    override func draw(in rect: Rect, context: inout DrawContext) {
        child.draw(in: rect, context: &context)
        guard let column, !rect.isEmpty else { return }
        // Not clamped to the view: a text field's cursor sits just after its text.
        let point = Point(x: rect.minX + max(0, column), y: rect.minY)
        if context.clip.contains(point) { context.cursor = point }
    }
}
