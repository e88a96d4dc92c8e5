/// Lays out and draws a `Text`: natural size, wrapping to a width, truncating to a height.
final class TextNode: LayoutNode {
    let text: Text
    let lineLimit: Int?
    let truncationMode: TruncationMode
    let base: StylePatch
    private lazy var paragraphs = TextLayout.paragraphs(of: text.runs, base: base)
    /// The widest paragraph: at this width or more nothing wraps.
    private lazy var naturalWidth = paragraphs.map(TextLayout.width(of:)).max() ?? 0
    /// Wrapped lines by width; parents ask about a handful of widths per frame.
    private var wrapped: [Int: [[StyledGlyph]]] = [:]

    init(text: Text, environment: EnvironmentValues) {
        self.text = text
        self.lineLimit = environment.lineLimit
        self.truncationMode = environment.truncationMode
        self.base = environment.textStyle.over(StylePatch(environment.theme.text))
    }

    override var debugLabel: String { "Text \"\(Glyphs.sanitized(text.plainText))\"" }

    /// The most lines that may be shown when offered `height` rows (nil: unlimited).
    private func maxLines(height: Int?) -> Int {
        min(lineLimit ?? Int.max, height ?? Int.max)
    }

    /// Lines for `width`: wrapped unless only one line may show, then one line per paragraph.
    private func lines(width: Int, maxLines: Int) -> [[StyledGlyph]] {
        if maxLines <= 1 || width >= naturalWidth { return paragraphs }
        if let lines = wrapped[width] { return lines }
        let lines = paragraphs.flatMap { TextLayout.wrap($0, width: width) }
        wrapped[width] = lines
        return lines
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        // Like SwiftUI, text never shrinks below one line: a stack that is too short overflows at
        // its end (and is clipped there) instead of squeezing lines away from the top.
        let limit = max(1, maxLines(height: proposal.height))
        guard let width = proposal.width, width < naturalWidth else {
            // Nothing wraps: the size is known without laying out lines.
            let rows = min(paragraphs.count, limit)
            let widest = rows == paragraphs.count ? naturalWidth : paragraphs.prefix(rows).map(TextLayout.width(of:)).max() ?? 0
            return Size(width: widest, height: rows)
        }
        let lines = self.lines(width: width, maxLines: limit)
        let shown = lines.prefix(limit)
        let widest = shown.map(TextLayout.width(of:)).max() ?? 0
        return Size(width: min(widest, width), height: shown.count)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let limit = min(maxLines(height: rect.height), rect.height)
        guard limit > 0, rect.width > 0 else { return }
        let lines = self.lines(width: rect.width, maxLines: limit)
        context.clipped(to: rect) { context in
            for (row, line) in lines.prefix(limit).enumerated() {
                var shown = TextLayout.truncate(line, width: rect.width, mode: truncationMode)
                if row == limit - 1 && lines.count > limit && shown.count == line.count {
                    shown = TextLayout.appendingEllipsis(line, width: rect.width)
                }
                TextLayout.draw(shown, at: Point(x: rect.minX, y: rect.minY + row), context: &context)
            }
        }
    }
}
