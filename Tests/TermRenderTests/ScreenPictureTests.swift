@testable import TermRender
import Testing

@Suite("A screen as an SVG picture")
struct ScreenPictureTests {
    @Test("runs of one style become one text spanning exactly their cells (a wide glyph one of its own); backgrounds, reverse, wide glyphs and XML's own characters")
    func wholeDocument() {
        var buffer = Buffer(size: Size(width: 6, height: 2))
        _ = buffer.write("a<b", at: Point(x: 0, y: 0), style: Style(foreground: .red, attributes: [.bold]))
        _ = buffer.write("中", at: Point(x: 3, y: 0))
        _ = buffer.write("&", at: Point(x: 0, y: 1), style: Style(attributes: [.reverse]))
        buffer.restyle(Rect(x: 4, y: 1, width: 2, height: 1)) { $0.background = .indexed(22) }
        let svg = ScreenPicture().svg(of: buffer)
        #expect(svg == """
            <svg xmlns="http://www.w3.org/2000/svg" width="54" height="36" viewBox="0 0 54 36">
            <rect width="54" height="36" fill="#181818"/>
            <rect x="0" y="18" width="9" height="18" fill="#e5e5e5"/>
            <rect x="36" y="18" width="18" height="18" fill="#005f00"/>
            <g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="15" xml:space="preserve">
            <text x="0" y="14" textLength="27" lengthAdjust="spacingAndGlyphs" fill="#cd0000" font-weight="bold">a&lt;b</text>
            <text x="27" y="14" textLength="18" lengthAdjust="spacingAndGlyphs" fill="#e5e5e5">中</text>
            <text x="0" y="32" textLength="9" lengthAdjust="spacingAndGlyphs" fill="#181818">&amp;</text>
            </g>
            </svg>

            """)
    }
}
