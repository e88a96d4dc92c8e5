/// A child with another layer behind or in front, the layer offered the child's size.
final class LayerNode: LayoutNode {
    let content: LayoutNode
    let layer: LayoutNode
    let alignment: Alignment
    let layerInFront: Bool

    init(content: LayoutNode, layer: LayoutNode, alignment: Alignment, layerInFront: Bool) {
        self.content = content
        self.layer = layer
        self.alignment = alignment
        self.layerInFront = layerInFront
        super.init()
        layoutPriority = content.layoutPriority
    }

    override var debugLabel: String { layerInFront ? "Overlay" : "Background" }
    override var debugChildren: [LayoutNode] { [content, layer] }
    override func measure(_ proposal: ProposedSize) -> Size { content.sizeThatFits(proposal) }

    override func draw(in rect: Rect, context: inout DrawContext) {
        if !layerInFront { drawLayer(in: rect, context: &context) }
        content.draw(in: rect, context: &context)
        if layerInFront { drawLayer(in: rect, context: &context) }
    }

    private func drawLayer(in rect: Rect, context: inout DrawContext) {
        let size = layer.sizeThatFits(ProposedSize(rect.size))
        let placed = alignment.place(Size(width: min(size.width, rect.width), height: min(size.height, rect.height)), in: rect)
        context.clipped(to: rect) { layer.draw(in: placed, context: &$0) }
    }
}
