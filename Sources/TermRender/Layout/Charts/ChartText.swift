/// Chart labels and value texts as styled glyph lines, cut to the room they get.
enum ChartText {
    /// `text` (made safe) in `style`.
    static func line(_ text: String, style: Style) -> [StyledGlyph] {
        Glyphs.of(text).map { StyledGlyph(glyph: $0, style: style) }
    }

    /// The display width of `text` as drawn.
    static func width(_ text: String) -> Int {
        Glyphs.of(text).reduce(0) { $0 + $1.width }
    }

    /// `text` cut with `…` to at most `width` columns.
    static func fitted(_ text: String, width: Int, style: Style) -> [StyledGlyph] {
        TextLayout.truncate(line(text, style: style), width: width, mode: .tail)
    }
}
