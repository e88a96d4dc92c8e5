final class DividerNode: LayoutNode {
    let vertical: Bool
    let style: Style

    init(vertical: Bool, style: Style) {
        self.vertical = vertical
        self.style = style
    }

    override var debugLabel: String { vertical ? "Divider │" : "Divider ─" }

    override func measure(_ proposal: ProposedSize) -> Size {
        vertical
            ? Size(width: min(1, proposal.width ?? 1), height: proposal.height ?? 1)
            : Size(width: proposal.width ?? 1, height: min(1, proposal.height ?? 1))
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        let glyph = Glyph(text: vertical ? "│" : "─", width: 1)
        if vertical {
            for y in rect.minY..<rect.maxY { context.put(glyph, at: Point(x: rect.minX, y: y), style: style) }
        } else {
            for x in rect.minX..<rect.maxX { context.put(glyph, at: Point(x: x, y: rect.minY), style: style) }
        }
    }
}
