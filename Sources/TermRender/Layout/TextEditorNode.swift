import TerminalText

final class TextEditorNode: LayoutNode {
    /// A glyph on a wrapped line, with the index of the character it came from.
    struct Placed {
        var glyph: Glyph
        var character: Int
    }

    let editor: TextEditorView
    let textStyle: Style
    let placeholderStyle: Style

    init(editor: TextEditorView, textStyle: Style, placeholderStyle: Style) {
        self.editor = editor
        self.textStyle = textStyle
        self.placeholderStyle = placeholderStyle
    }

    override var debugLabel: String { "TextEditor cursor=\(editor.cursor)" }

    override func measure(_ proposal: ProposedSize) -> Size {
        // Greedy: any space offered (even unlimited, so stacks see it can grow), else its text's size.
        let idealWidth = max(20, editor.text.split(separator: "\n").map { TerminalText.width(of: $0) }.max() ?? 0)
        let width = proposal.width ?? idealWidth
        let height = proposal.height ?? layout(width: max(1, min(width, idealWidth))).lines.count
        return Size(width: width, height: height)
    }

    /// One wrapped line: its glyphs and, when a line feed ended it, that character's index.
    struct Line {
        var glyphs: [Placed] = []
        var endingNewline: Int?
        var width: Int { glyphs.reduce(0) { $0 + $1.glyph.width } }
    }

    /// The wrapped lines, and the (row, column) of the cursor.
    func layout(width: Int) -> (lines: [Line], cursor: (row: Int, column: Int)) {
        var lines = [Line()]
        var lineWidth = 0
        var breakAfter: Int?
        for (index, character) in editor.text.enumerated() {
            if character == "\n" || character == "\r\n" {
                lines[lines.count - 1].endingNewline = index
                lines.append(Line())
                (lineWidth, breakAfter) = (0, nil)
                continue
            }
            for glyph in Glyphs.of(String(character)) {
                if lineWidth + glyph.width > width && !lines[lines.count - 1].glyphs.isEmpty {
                    let current = lines[lines.count - 1].glyphs
                    var next = Line()
                    if glyph.text != " ", let breakIndex = breakAfter, breakIndex < current.count {
                        // The unfinished word moves down with the glyph that did not fit.
                        next.glyphs = Array(current[breakIndex...])
                        lines[lines.count - 1].glyphs = Array(current[..<breakIndex])
                    }
                    lines.append(next)
                    (lineWidth, breakAfter) = (next.width, nil)
                }
                lines[lines.count - 1].glyphs.append(Placed(glyph: glyph, character: index))
                lineWidth += glyph.width
                if glyph.text == " " { breakAfter = lines[lines.count - 1].glyphs.count }
            }
        }
        let cursorIndex = min(max(0, editor.cursor), editor.text.count)
        for (row, line) in lines.enumerated() {
            var column = 0
            for placed in line.glyphs {
                if placed.character >= cursorIndex { return (lines, (row, column)) }
                column += placed.glyph.width
            }
            if let newline = line.endingNewline, newline >= cursorIndex { return (lines, (row, column)) }
        }
        // After the last character; past a full line the cursor starts the next one.
        if lineWidth >= width {
            lines.append(Line())
            return (lines, (lines.count - 1, 0))
        }
        return (lines, (lines.count - 1, lineWidth))
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        if editor.text.isEmpty {
            let placeholder = TextLayout.paragraphs(of: [Text.Run(string: editor.placeholder, style: StylePatch())], base: StylePatch(placeholderStyle))
            for (row, line) in placeholder.prefix(rect.height).enumerated() {
                TextLayout.draw(TextLayout.truncate(line, width: rect.width, mode: .tail), at: Point(x: rect.minX, y: rect.minY + row), context: &context)
            }
            if editor.isFocused { context.cursor = rect.origin }
            return
        }
        let (lines, cursor) = layout(width: rect.width)
        let top = max(0, cursor.row - (rect.height - 1))
        context.clipped(to: rect) { context in
            for row in top..<min(lines.count, top + rect.height) {
                var x = rect.minX
                for placed in lines[row].glyphs {
                    context.put(placed.glyph, at: Point(x: x, y: rect.minY + row - top), style: textStyle)
                    x += placed.glyph.width
                }
            }
        }
        if editor.isFocused {
            context.cursor = Point(x: rect.minX + min(cursor.column, rect.width - 1), y: rect.minY + cursor.row - top)
        }
    }
}
