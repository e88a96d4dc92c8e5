final class ScrollNode: LayoutNode {
    let child: LayoutNode
    let state: ScrollState
    let binding: Binding<ScrollState>?
    let showsIndicator: Bool
    let indicatorStyle: Style

    init(child: LayoutNode, state: ScrollState, binding: Binding<ScrollState>?, showsIndicator: Bool, indicatorStyle: Style) {
        self.child = child
        self.state = state
        self.binding = binding
        self.showsIndicator = showsIndicator
        self.indicatorStyle = indicatorStyle
    }

    override var debugLabel: String { "ScrollView offset=\(state.offset)" }
    override var debugChildren: [LayoutNode] { [child] }

    override func measure(_ proposal: ProposedSize) -> Size {
        let finiteWidth = proposal.width.flatMap { $0 >= ProposedSize.unlimited ? nil : $0 }
        let content = child.sizeThatFits(ProposedSize(width: finiteWidth, height: nil))
        let width = proposal.width ?? content.width
        let height = proposal.height ?? content.height
        return Size(width: width, height: height)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        var contentWidth = rect.width
        var contentHeight = child.sizeThatFits(ProposedSize(width: contentWidth, height: nil)).height
        let overflows = contentHeight > rect.height
        let indicator = showsIndicator && overflows && rect.width > 1
        if indicator {
            contentWidth -= 1
            contentHeight = child.sizeThatFits(ProposedSize(width: contentWidth, height: nil)).height
        }
        var current = state
        current.contentHeight = contentHeight
        current.viewportHeight = rect.height
        current.clamp()
        if let binding, binding.wrappedValue != current { binding.wrappedValue = current }

        let contentRect = Rect(x: rect.minX, y: rect.minY - current.offset, width: contentWidth, height: contentHeight)
        context.clipped(to: Rect(x: rect.minX, y: rect.minY, width: contentWidth, height: rect.height)) { context in
            child.draw(in: contentRect, context: &context)
        }
        if indicator {
            let height = rect.height
            let thumb = max(1, height * height / max(1, contentHeight))
            let thumbTop = (height - thumb) * current.offset / max(1, current.maxOffset)
            for row in 0..<height {
                let inThumb = row >= thumbTop && row < thumbTop + thumb
                context.put(Glyph(text: inThumb ? "┃" : "│", width: 1), at: Point(x: rect.maxX - 1, y: rect.minY + row), style: indicatorStyle)
            }
        }
    }
}
