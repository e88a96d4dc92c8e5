import TerminalText

final class TextFieldNode: LayoutNode {
    let field: TextFieldView
    let textStyle: Style
    let placeholderStyle: Style

    init(field: TextFieldView, textStyle: Style, placeholderStyle: Style) {
        self.field = field
        self.textStyle = textStyle
        self.placeholderStyle = placeholderStyle
    }

    override var debugLabel: String { "TextField \"\(Glyphs.sanitized(field.text))\" cursor=\(field.cursor)" }

    override func measure(_ proposal: ProposedSize) -> Size {
        let ideal = max(TerminalText.width(of: field.text), TerminalText.width(of: field.placeholder)) + 1
        let width = proposal.width ?? ideal
        return Size(width: width, height: min(1, proposal.height ?? 1))
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        if field.text.isEmpty {
            let line = TextLayout.paragraphs(of: [Text.Run(string: field.placeholder, style: StylePatch())], base: StylePatch(placeholderStyle)).first ?? []
            TextLayout.draw(TextLayout.truncate(line, width: rect.width, mode: .tail), at: rect.origin, context: &context)
            if field.isFocused { context.cursor = rect.origin }
            return
        }
        // Glyphs per character, so the cursor (a character index) maps to a column.
        var glyphs: [Glyph] = []
        var cursorColumn = 0
        let cursorIndex = min(max(0, field.cursor), field.text.count)
        for (index, character) in field.text.enumerated() {
            let pieces = Glyphs.of(String(character))
            if index < cursorIndex { cursorColumn += pieces.reduce(0) { $0 + $1.width } }
            glyphs += pieces
        }
        // Scroll so the cursor sits in the last column at most, leaving room for it after the text.
        let start = max(0, cursorColumn - (rect.width - 1))
        var column = 0
        for glyph in glyphs {
            defer { column += glyph.width }
            let x = column - start
            guard x >= 0, x + glyph.width <= rect.width else { continue }
            context.put(glyph, at: Point(x: rect.minX + x, y: rect.minY), style: textStyle)
        }
        let total = column
        if start > 0 { context.put(.ellipsis, at: rect.origin, style: placeholderStyle) }
        // Text continues to the right; not over the cursor's own cell, which must stay readable.
        if total - start > rect.width && rect.width > 1 && cursorColumn - start < rect.width - 1 {
            context.put(.ellipsis, at: Point(x: rect.maxX - 1, y: rect.minY), style: placeholderStyle)
        }
        if field.isFocused {
            context.cursor = Point(x: rect.minX + cursorColumn - start, y: rect.minY)
        }
    }
}
