final class ModalNode: LayoutNode {
    let content: LayoutNode
    let sheet: LayoutNode
    let backdrop: Backdrop
    let backdropStyle: Style

    init(content: LayoutNode, sheet: LayoutNode, backdrop: Backdrop, backdropStyle: Style) {
        self.content = content
        self.sheet = sheet
        self.backdrop = backdrop
        self.backdropStyle = backdropStyle
        super.init()
        layoutPriority = content.layoutPriority
    }

    override var debugLabel: String { "Modal \(backdrop)" }
    override var debugChildren: [LayoutNode] { [content, sheet] }
    /// A modal covers all the space offered, whatever size the content underneath chose.
    override func measure(_ proposal: ProposedSize) -> Size {
        let content = content.sizeThatFits(proposal)
        return Size(width: proposal.width ?? content.width, height: proposal.height ?? content.height)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        content.draw(in: rect, context: &context)
        // The cursor belongs to whatever is in front; a field behind the sheet must not keep it.
        context.cursor = nil
        context.regions.append(HitRegion(id: ModalBackdropHit(), rect: rect.intersection(context.clip)))
        switch backdrop {
        case .none: break
        case .dim: context.restyle(rect, with: backdropStyle)
        case .clear: context.fill(rect, style: .plain)
        }
        // Offer the width less a margin and as many rows as the sheet likes, then cut it to the screen.
        let size = sheet.sizeThatFits(ProposedSize(width: max(0, rect.width - 2), height: nil))
        let placed = Alignment.center.place(Size(width: min(size.width, rect.width), height: min(size.height, rect.height)), in: rect)
        context.fill(placed, style: .plain)
        sheet.draw(in: placed, context: &context)
    }
}
