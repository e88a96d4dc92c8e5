import TerminalText
import Testing
@testable import TermRender

/// Glyph splitting agrees with the shared width rule (`TerminalText.width`, tested on its own in
/// TerminalTextTests) and keeps marks, joiners and placeholders as the terminal draws them.
@Suite struct GlyphWidthTests {
    @Test(arguments: [
        ("abc", 3),
        ("café", 4),
        ("e\u{301}", 1), // e + combining acute stays one cell
        ("中文", 4),
        ("日本語テキスト", 14),
        ("😀", 2),
        ("❤️", 1), // U+2764 is narrow for glibc; U+FE0F adds nothing
        ("👍🏽", 4), // skin tone modifier is a second wide glyph for glibc/ncurses/tmux
        ("🇺🇸", 2), // two regional indicators, one cell each
        ("👨‍👩‍👧", 6), // ZWJ family: three wide glyphs side by side
        ("\u{1FAE8}", 1), // too new for glibc: a one-cell placeholder
        ("a\u{1B}[31mb", 7), // ESC becomes one visible cell
        ("", 0),
    ])
    func stringWidths(text: String, width: Int) {
        #expect(TerminalText.width(of: text) == width)
        #expect(Glyphs.of(text).reduce(0) { $0 + $1.width } == width)
    }

    @Test func combiningMarksStayWithTheirBase() {
        let glyphs = Glyphs.of("e\u{301}\u{302}x")
        #expect(glyphs == [Glyph(text: "e\u{301}\u{302}", width: 1), Glyph(text: "x", width: 1)])
    }

    @Test func tooManyMarksAreCappedSoNcursesCanStoreTheCell() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 20)
        let glyphs = Glyphs.of(zalgo)
        #expect(glyphs.count == 1)
        #expect(glyphs[0].text.unicodeScalars.count == 1 + Glyphs.maxMarks)
    }

    @Test func zwjSequenceSplitsIntoWideGlyphsWithoutTheJoiner() {
        let glyphs = Glyphs.of("👨‍👩‍👧")
        #expect(glyphs.map(\.text) == ["👨", "👩", "👧"])
        #expect(glyphs.map(\.width) == [2, 2, 2])
    }

    @Test func variationSelectorStaysOnItsBase() {
        #expect(Glyphs.of("❤️") == [Glyph(text: "❤️", width: 1)])
    }

    @Test func controlAndBidiCharactersBecomeInertPlaceholders() {
        let hostile = "A\u{1B}[2J\u{07}\u{08}\r\n\u{9B}31m\u{202E}evil\u{2066}\u{7F}\t\u{0}"
        let safe = Glyphs.sanitized(hostile)
        #expect(safe == "A␛[2J␇␈␍␊\u{FFFD}31m\u{FFFD}evil\u{FFFD}␡␉␀")
        for scalar in safe.unicodeScalars {
            #expect(!(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)), "control U+\(String(scalar.value, radix: 16)) survived")
            #expect(!(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value))
        }
        #expect(TerminalText.width(of: hostile) == safe.count)
    }

    @Test func loneCombiningMarkAndZeroWidthSpaceAreDropped() {
        #expect(Glyphs.of("\u{301}a\u{200B}") == [Glyph(text: "a", width: 1)])
    }
}
