import TerminalText

/// Draws a line border (with an optional title in its top edge) around a child.
///
/// Below 2×2 cells there is no room for a border, so nothing is drawn at all.
final class BorderNode: LayoutNode {
    let child: LayoutNode
    let border: BorderStyle
    let title: Text?
    let lineStyle: Style
    let titleStyle: Style

    init(child: LayoutNode, border: BorderStyle, title: Text?, environment: EnvironmentValues) {
        self.child = child
        self.border = border
        self.title = title
        self.lineStyle = environment.textStyle.applied(to: environment.theme.border)
        self.titleStyle = environment.textStyle.applied(to: environment.theme.title)
        super.init()
        layoutPriority = child.layoutPriority
    }

    override var debugLabel: String { "Border" + (title.map { " \"\($0.plainText)\"" } ?? "") }
    override var debugChildren: [LayoutNode] { [child] }

    override func measure(_ proposal: ProposedSize) -> Size {
        let inner = ProposedSize(
            width: proposal.width.map { $0 >= ProposedSize.unlimited ? $0 : $0 - 2 },
            height: proposal.height.map { $0 >= ProposedSize.unlimited ? $0 : $0 - 2 }
        )
        let size = child.sizeThatFits(inner)
        // "┌ Title ┐": corners, a space either side of the title.
        let titleWidth = title.map { TerminalText.width(of: $0.plainText) + 4 } ?? 0
        let width = min(max(size.width + 2, titleWidth), max(proposal.width ?? Int.max, 2))
        return Size(width: width, height: size.height + 2)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let style = lineStyle
        func put(_ character: Character, _ x: Int, _ y: Int) {
            context.put(Glyph(text: String(character), width: 1), at: Point(x: x, y: y), style: style)
        }
        put(border.topLeft, rect.minX, rect.minY)
        put(border.topRight, rect.maxX - 1, rect.minY)
        put(border.bottomLeft, rect.minX, rect.maxY - 1)
        put(border.bottomRight, rect.maxX - 1, rect.maxY - 1)
        for x in (rect.minX + 1)..<(rect.maxX - 1) {
            put(border.top, x, rect.minY)
            put(border.bottom, x, rect.maxY - 1)
        }
        for y in (rect.minY + 1)..<(rect.maxY - 1) {
            put(border.left, rect.minX, y)
            put(border.right, rect.maxX - 1, y)
        }
        if let title, rect.width >= 5 {
            // "╭ Title ──╮": the title between spaces, cut with … to leave both corners.
            let titleRect = Rect(x: rect.minX + 1, y: rect.minY, width: rect.width - 2, height: 1)
            var line = TextLayout.paragraphs(of: title.runs, base: StylePatch()).first ?? []
            line = line.map { StyledGlyph(glyph: $0.glyph, style: patch(titleStyle, with: $0.style)) }
            let fitted = TextLayout.truncate(line, width: titleRect.width - 2, mode: .tail)
            if !fitted.isEmpty {
                context.clipped(to: titleRect) { context in
                    context.put(.space, at: titleRect.origin, style: style)
                    TextLayout.draw(fitted, at: Point(x: titleRect.minX + 1, y: titleRect.minY), context: &context)
                    context.put(.space, at: Point(x: titleRect.minX + 1 + TextLayout.width(of: fitted), y: titleRect.minY), style: style)
                }
            }
        }
        let inner = Rect(x: rect.minX + 1, y: rect.minY + 1, width: rect.width - 2, height: rect.height - 2)
        guard !inner.isEmpty else { return }
        context.clipped(to: inner) { child.draw(in: inner, context: &$0) }
    }

    /// The title's own run styles laid over the theme's title style.
    private func patch(_ base: Style, with run: Style) -> Style {
        Style(
            foreground: run.foreground == .default ? base.foreground : run.foreground,
            background: run.background == .default ? base.background : run.background,
            attributes: base.attributes.union(run.attributes)
        )
    }
}
