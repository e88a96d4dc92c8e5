import Glibc
import Testing
@testable import TermRender

/// How graphemes are prepared for ncurses. `wcwidth` needs a UTF-8 locale,
/// which the backend selects at start; the tests select one the same way.
@Suite("NcursesGlyph")
struct NcursesGlyphTests {
    init() {
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }

    @Test("printable graphemes keep their scalars and ncurses' width", arguments: [
        ("a", [0x61], 1),
        ("é", [0xE9], 1),
        ("e\u{301}", [0x65, 0x301], 1),
        ("日", [0x65E5], 2),
        ("😀", [0x1F600], 2),
    ] as [(String, [UInt32], Int)])
    func printable(grapheme: String, scalars: [UInt32], width: Int) {
        let glyph = NcursesGlyph(grapheme)
        #expect(glyph.characters == scalars.map { wchar_t(bitPattern: $0) } + [0])
        #expect(glyph.width == width)
    }

    @Test("control characters never reach the terminal")
    func controls() {
        #expect(NcursesGlyph("\u{1B}").characters == NcursesGlyph.placeholder.characters)
        #expect(NcursesGlyph("\u{9B}").characters == NcursesGlyph.placeholder.characters)
        #expect(NcursesGlyph("a\u{7}").characters == [0x61, 0xFFFD, 0])
        #expect(NcursesGlyph("\u{202E}").characters == NcursesGlyph.placeholder.characters, "bidi controls too")
    }

    @Test("zero-width joiners are dropped and at most four scalars are kept")
    func longSequences() {
        let family = NcursesGlyph("👨\u{200D}👩\u{200D}👧\u{200D}👦")
        #expect(family.characters == [0x1F468, 0x1F469, 0x1F467, 0x1F466, 0].map { wchar_t(bitPattern: $0) })
        let stacked = NcursesGlyph("a\u{301}\u{302}\u{303}\u{304}\u{305}")
        #expect(stacked.characters.count == 5)
    }

    @Test("a lone combining mark or an empty grapheme gets a drawable stand-in")
    func undrawable() {
        #expect(NcursesGlyph("\u{301}").characters == NcursesGlyph.placeholder.characters)
        #expect(NcursesGlyph("").characters == [0x20, 0])
        #expect(NcursesGlyph("").width == 1)
    }
}
