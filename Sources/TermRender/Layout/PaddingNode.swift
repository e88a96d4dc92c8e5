/// Adds space around a child.
final class PaddingNode: LayoutNode {
    let child: LayoutNode
    let insets: EdgeInsets

    init(child: LayoutNode, insets: EdgeInsets) {
        self.child = child
        self.insets = insets
    }

    override var debugLabel: String { "Padding \(insets.top),\(insets.leading),\(insets.bottom),\(insets.trailing)" }
    override var debugChildren: [LayoutNode] { [child] }

    override func measure(_ proposal: ProposedSize) -> Size {
        let inner = ProposedSize(
            width: proposal.width.map { $0 >= ProposedSize.unlimited ? $0 : $0 - insets.horizontal },
            height: proposal.height.map { $0 >= ProposedSize.unlimited ? $0 : $0 - insets.vertical }
        )
        let size = child.sizeThatFits(inner)
        return Size(width: size.width + insets.horizontal, height: size.height + insets.vertical)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let inner = Rect(
            x: rect.minX + insets.leading,
            y: rect.minY + insets.top,
            width: max(0, rect.width - insets.horizontal),
            height: max(0, rect.height - insets.vertical)
        )
        guard !inner.isEmpty else { return }
        context.clipped(to: inner) { child.draw(in: inner, context: &$0) }
    }
}
