/// Gives a child an exact width and/or height.
final class FixedFrameNode: LayoutNode {
    let child: LayoutNode
    let width: Int?
    let height: Int?
    let alignment: Alignment

    init(child: LayoutNode, width: Int?, height: Int?, alignment: Alignment) {
        self.child = child
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    override var debugLabel: String {
        "Frame width=\(width.map(String.init) ?? "-") height=\(height.map(String.init) ?? "-")"
    }
    override var debugChildren: [LayoutNode] { [child] }

    override func measure(_ proposal: ProposedSize) -> Size {
        if let width, let height { return Size(width: width, height: height) }
        let size = child.sizeThatFits(ProposedSize(width: width ?? proposal.width, height: height ?? proposal.height))
        return Size(width: width ?? size.width, height: height ?? size.height)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let size = child.sizeThatFits(ProposedSize(rect.size))
        let placed = alignment.place(Size(width: min(size.width, rect.width), height: min(size.height, rect.height)), in: rect)
        context.clipped(to: rect) { child.draw(in: placed, context: &$0) }
    }
}
