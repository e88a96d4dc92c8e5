/// Records a child's on-screen area under a caller's id, for hit testing.
final class RegionNode: LayoutNode {
    let child: LayoutNode
    let id: AnyHashable

    init(child: LayoutNode, id: AnyHashable) {
        self.child = child
        self.id = id
        super.init()
        layoutPriority = child.layoutPriority
    }

    override var debugLabel: String { "Region \(id)" }
    override var debugChildren: [LayoutNode] { [child] }
    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let visible = rect.intersection(context.clip)
        if !visible.isEmpty { context.regions.append(HitRegion(id: id, rect: visible)) }
        child.draw(in: rect, context: &context)
    }
}
