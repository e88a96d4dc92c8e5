import CNcurses
import Glibc
import Testing
import TerminalText

@Suite struct TerminalTextWidthTests {
    @Test func tableMatchesGlibcWcwidthForEveryCodePoint() throws {
        try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = Int(wcwidth(wchar_t(bitPattern: value)))
            let actual = TerminalText.width(of: scalar)
            if actual != expected && mismatches.count < 10 {
                mismatches.append("U+\(String(value, radix: 16, uppercase: true)): ours \(actual), glibc \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func everyCodePointTakesTheCellsOfWhatIsDrawnForIt() {
        // A placeholder (control, bidi control) and a code point the terminal cannot draw take one
        // cell; anything else takes its wcwidth.
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let wcwidth = TerminalText.width(of: scalar)
            let expected = TerminalText.placeholder(for: scalar) != nil || wcwidth < 0 ? 1 : wcwidth
            if TerminalText.cellWidth(of: scalar) != expected, wrong.count < 10 { wrong.append(String(value, radix: 16)) }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test(arguments: [
        ("abc", 3),
        ("café", 4),
        ("e\u{301}", 1), // e + combining acute stays one cell
        ("\u{301}a", 1), // a mark with no base adds nothing
        ("中文", 4),
        ("日本語テキスト", 14),
        ("😀", 2),
        ("❤️", 1), // U+2764 is narrow for glibc; U+FE0F adds nothing
        ("👍🏽", 4), // skin tone modifier is a second wide glyph for glibc/ncurses/tmux
        ("🇺🇸", 2), // two regional indicators, one cell each
        ("👨‍👩‍👧", 6), // ZWJ family: three wide glyphs side by side, the joiners add nothing
        ("\u{1FAE8}", 1), // too new for glibc: a one-cell placeholder
        ("a\u{1B}[31mb", 7), // ESC becomes one visible cell
        ("\u{202E}x\u{2069}", 3), // bidi controls become one visible cell each
        ("", 0),
    ])
    func stringWidths(text: String, width: Int) {
        #expect(TerminalText.width(of: text) == width)
        #expect(TerminalText.width(of: Substring(text)) == width)
        #expect(text.reduce(0) { $0 + TerminalText.width(of: $1) } == width)
        // The width of text is the width of what it becomes on screen.
        #expect(TerminalText.width(of: TerminalText.neutralized(text)) == width)
    }
}
