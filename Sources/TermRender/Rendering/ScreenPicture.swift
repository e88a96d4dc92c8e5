/// A screen as an SVG picture: what a terminal with the given default colours would show,
/// cell for cell. For documentation (the README's pictures are drawn from the real screens
/// with it), so the text is deterministic: the same buffer always gives the same bytes.
///
/// Each run of same-styled cells is one `<text>` (a wide glyph one of its own) whose
/// `textLength` spans exactly its cells, so columns line up whatever monospace font the viewer
/// has; backgrounds are rectangles behind the text. Cells are already safe to print (controls were replaced before they
/// reached a cell); the writer only escapes what XML gives a meaning to.
public struct ScreenPicture: Sendable {
    /// The terminal's own default foreground and background, which `Color.default` stands for.
    public var defaultForeground: (UInt8, UInt8, UInt8)
    public var defaultBackground: (UInt8, UInt8, UInt8)
    /// One cell, in SVG user units (pixels at 100 %).
    public var cellWidth = 9
    public var cellHeight = 18
    public var fontSize = 15
    /// Where the text's baseline lies, down from the top of its cell.
    public var baseline = 14

    /// A dark terminal's defaults: light grey on near-black.
    public init(defaultForeground: (UInt8, UInt8, UInt8) = (229, 229, 229),
                defaultBackground: (UInt8, UInt8, UInt8) = (24, 24, 24)) {
        self.defaultForeground = defaultForeground
        self.defaultBackground = defaultBackground
    }

    /// The SVG document of `buffer`.
    public func svg(of buffer: Buffer) -> String {
        let width = buffer.size.width * cellWidth, height = buffer.size.height * cellHeight
        var backgrounds = "", texts = ""
        for y in 0..<buffer.size.height {
            var x = 0
            while x < buffer.size.width {
                let style = buffer[x: x, y: y].style
                var end = x + 1
                while end < buffer.size.width, buffer[x: end, y: y].style == style { end += 1 }
                appendRun(buffer, y: y, from: x, to: end, style: style, backgrounds: &backgrounds, texts: &texts)
                x = end
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
            <rect width="\(width)" height="\(height)" fill="\(Self.hex(defaultBackground))"/>
            \(backgrounds)<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="\(fontSize)" xml:space="preserve">
            \(texts)</g>
            </svg>

            """
    }

    /// One run of cells `from..<to` on row `y`, all in `style`: its background if not the
    /// default, and its text unless it is only blanks.
    private func appendRun(_ buffer: Buffer, y: Int, from: Int, to: Int, style: Style,
                           backgrounds: inout String, texts: inout String) {
        var foreground = style.foreground == .default ? defaultForeground : Palette.rgb(of: style.foreground)
        var background = style.background == .default ? defaultBackground : Palette.rgb(of: style.background)
        if style.attributes.contains(.reverse) { swap(&foreground, &background) }
        let top = y * cellHeight
        if background != defaultBackground {
            backgrounds += "<rect x=\"\(from * cellWidth)\" y=\"\(top)\" width=\"\((to - from) * cellWidth)\" height=\"\(cellHeight)\" fill=\"\(Self.hex(background))\"/>\n"
        }
        var looks = " fill=\"\(Self.hex(foreground))\""
        if style.attributes.contains(.bold) { looks += " font-weight=\"bold\"" }
        if style.attributes.contains(.italic) { looks += " font-style=\"italic\"" }
        if style.attributes.contains(.underline) { looks += " text-decoration=\"underline\"" }
        if style.attributes.contains(.dim) { looks += " fill-opacity=\"0.6\"" }
        // A wide glyph is a text of its own, two cells long: a font whose wide glyphs are not
        // exactly two cells (or that lacks them) would otherwise shift every cell after it.
        var x = from
        while x < to {
            let isWide = buffer[x: x, y: y].width == 2
            var end = x + (isWide ? 2 : 1)
            while !isWide, end < to, buffer[x: end, y: y].width == 1 { end += 1 }
            let text = (x..<min(end, to)).map { buffer[x: $0, y: y].grapheme }.joined()
            if text.contains(where: { $0 != " " }) {
                texts += "<text x=\"\(x * cellWidth)\" y=\"\(top + baseline)\" textLength=\"\((min(end, to) - x) * cellWidth)\""
                    + " lengthAdjust=\"spacingAndGlyphs\"\(looks)>\(Self.escaped(text))</text>\n"
            }
            x = end
        }
    }

    static func hex(_ rgb: (UInt8, UInt8, UInt8)) -> String {
        func two(_ value: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
        }
        return "#" + two(rgb.0) + two(rgb.1) + two(rgb.2)
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
