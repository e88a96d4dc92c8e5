/// A buffer drawn as an SVG picture: the README's screenshots are the real screens rendered into the
/// test backend and written this way, so they never drift from what the terminal shows.
///
/// Deterministic (the same buffer always gives the same text), so a test can compare a checked-in
/// picture with the screen byte for byte. Cells sit on a fixed grid; each run of same-styled text
/// is one `<text>` stretched to its cells (`textLength`), so wide glyphs keep their two columns
/// whatever the viewer's font.
extension Buffer {
    /// The colours a picture paints the terminal's colours in.
    public struct SVGPalette: Hashable, Sendable {
        public var foreground: String
        public var background: String
        /// The 16 ANSI colours, normal then bright, as `#rrggbb`.
        public var ansi: [String]

        public init(foreground: String, background: String, ansi: [String]) {
            self.foreground = foreground
            self.background = background
            self.ansi = ansi
        }

        /// A dark terminal (the xterm colours, softened).
        public static let dark = SVGPalette(
            foreground: "#d0d0d0", background: "#1d1f21",
            ansi: ["#1d1f21", "#cc6666", "#8aa85a", "#d6a848", "#5f87af", "#b294bb", "#6aa8a8", "#c5c8c6",
                   "#666666", "#ff6f6f", "#b5bd68", "#f0c674", "#81a2be", "#d7a0d7", "#8abeb7", "#ffffff"])

        func hex(_ color: Color, isForeground: Bool) -> String {
            switch color {
            case .default: return isForeground ? foreground : background
            case .ansi(let index): return ansi[Int(index) % 16]
            case .indexed(let index):
                if index < 16 { return ansi[Int(index)] }
                if index >= 232 { return Self.rgbHex(Array(repeating: 8 + (Int(index) - 232) * 10, count: 3)) }
                let cube = Int(index) - 16
                let levels = [cube / 36, cube / 6 % 6, cube % 6].map { $0 == 0 ? 0 : 55 + $0 * 40 }
                return Self.rgbHex(levels)
            case .rgb(let r, let g, let b): return Self.rgbHex([Int(r), Int(g), Int(b)])
            }
        }

        static func rgbHex(_ values: [Int]) -> String {
            let digits = Array("0123456789abcdef")
            return "#" + values.map { String([digits[($0 >> 4) & 15], digits[$0 & 15]]) }.joined()
        }
    }

    /// The picture at 8.4 × 18 pixels a cell, in `palette`.
    public func svg(palette: SVGPalette = .dark) -> String {
        let cellWidth = 8.4, cellHeight = 18.0, fontSize = 14.0
        func number(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        let width = number(Double(size.width) * cellWidth), height = number(Double(size.height) * cellHeight)
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
            <rect width="100%" height="100%" fill="\(palette.background)"/>
            <g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="\(number(fontSize))" xml:space="preserve">

            """
        for y in 0..<size.height {
            let baseline = number(Double(y) * cellHeight + 13.5)
            var x = 0
            while x < size.width {
                let cell = self[x: x, y: y]
                let style = cell.style
                let reversed = style.attributes.contains(.reverse)
                var foreground = palette.hex(style.foreground, isForeground: true)
                var background = palette.hex(style.background, isForeground: false)
                if reversed { swap(&foreground, &background) }
                // A run: cells of one style, ASCII or not (so wide glyphs get their own stretched text).
                let ascii = cell.grapheme.allSatisfy(\.isASCII)
                var end = x + max(1, Int(cell.width))
                var text = cell.grapheme
                while end < size.width {
                    let next = self[x: end, y: y]
                    guard next.style == style, next.grapheme.allSatisfy(\.isASCII) == ascii, ascii else { break }
                    text += next.grapheme
                    end += max(1, Int(next.width))
                }
                let left = number(Double(x) * cellWidth), span = number(Double(end - x) * cellWidth)
                if background != palette.background {
                    out += "<rect x=\"\(left)\" y=\"\(number(Double(y) * cellHeight))\" width=\"\(span)\" height=\"\(number(cellHeight))\" fill=\"\(background)\"/>\n"
                }
                if !text.allSatisfy({ $0 == " " }) {
                    var attributes = "x=\"\(left)\" y=\"\(baseline)\" fill=\"\(foreground)\" textLength=\"\(span)\" lengthAdjust=\"spacingAndGlyphs\""
                    if style.attributes.contains(.bold) { attributes += " font-weight=\"bold\"" }
                    if style.attributes.contains(.italic) { attributes += " font-style=\"italic\"" }
                    if style.attributes.contains(.underline) { attributes += " text-decoration=\"underline\"" }
                    if style.attributes.contains(.dim) { attributes += " opacity=\"0.6\"" }
                    out += "<text \(attributes)>\(Self.escapedForXML(text))</text>\n"
                }
                x = end
            }
        }
        return out + "</g>\n</svg>\n"
    }

    /// `&`, `<`, `>` and `"` as entities, so any cell text is well-formed XML.
    static func escapedForXML(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
