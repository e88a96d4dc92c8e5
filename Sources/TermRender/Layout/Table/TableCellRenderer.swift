import TerminalText

/// Draws one table cell: one line, aligned, cut with `…` when too wide.
enum TableCellRenderer {
    @MainActor
    static func draw(_ text: Text, in rect: Rect, alignment: HorizontalAlignment, base: Style, context: inout DrawContext) {
        guard rect.width > 0 else { return }
        // The common case, one unstyled ASCII run, skips building glyph arrays.
        if text.runs.count == 1, let width = TerminalText.asciiWidth(text.runs[0].string) {
            let style = text.runs[0].style.applied(to: base)
            let string = text.runs[0].string
            if width <= rect.width {
                let x = rect.minX + alignment.offset(size: width, in: rect.width)
                context.write(string, at: Point(x: x, y: rect.minY), style: style)
            } else {
                context.write(string.prefix(rect.width - 1), at: rect.origin, style: style)
                context.put(.ellipsis, at: Point(x: rect.minX + rect.width - 1, y: rect.minY), style: style)
            }
            return
        }
        let paragraphs = TextLayout.paragraphs(of: text.runs, base: StylePatch(base))
        var line: [StyledGlyph] = []
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { line.append(StyledGlyph(glyph: .space, style: base)) }
            line += paragraph
        }
        let fitted = TextLayout.truncate(line, width: rect.width, mode: .tail)
        let x = rect.minX + alignment.offset(size: TextLayout.width(of: fitted), in: rect.width)
        TextLayout.draw(fitted, at: Point(x: x, y: rect.minY), context: &context)
    }
}
