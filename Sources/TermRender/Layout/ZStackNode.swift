final class ZStackNode: LayoutNode {
    let alignment: Alignment
    let children: [LayoutNode]

    init(alignment: Alignment, children: [LayoutNode]) {
        self.alignment = alignment
        self.children = children
    }

    override var debugLabel: String { "ZStack" }
    override var debugChildren: [LayoutNode] { children }

    override func measure(_ proposal: ProposedSize) -> Size {
        children.reduce(Size.zero) { size, child in
            let childSize = child.sizeThatFits(proposal)
            return Size(width: max(size.width, childSize.width), height: max(size.height, childSize.height))
        }
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let proposal = ProposedSize(rect.size)
        context.clipped(to: rect) { context in
            for child in children {
                let size = child.sizeThatFits(proposal)
                let placed = alignment.place(Size(width: min(size.width, rect.width), height: min(size.height, rect.height)), in: rect)
                child.draw(in: placed, context: &context)
            }
        }
    }
}
