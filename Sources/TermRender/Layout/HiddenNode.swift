/// Takes a child's space without drawing it.
final class HiddenNode: LayoutNode {
    let child: LayoutNode

    init(child: LayoutNode) { self.child = child }

    override var debugLabel: String { "Hidden" }
    override var debugChildren: [LayoutNode] { [child] }
    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }
}
