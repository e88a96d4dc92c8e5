import CNcurses
import TerminalText

/// A grapheme prepared for `setcchar`: safe scalars, NUL-terminated, with the
/// width ncurses itself will give it (which may differ from Unicode's idea).
struct NcursesGlyph {
    /// Scalars followed by a terminating 0.
    var characters: [wchar_t]
    /// Columns ncurses will advance: `wcwidth` of the base character.
    var width: Int

    /// Shown for anything ncurses cannot draw at the width the layout expects.
    static let placeholder = NcursesGlyph(characters: [0xFFFD, 0], width: 1)

    private init(characters: [wchar_t], width: Int) {
        self.characters = characters
        self.width = width
    }

    init(_ grapheme: String) {
        var characters: [wchar_t] = []
        for scalar in grapheme.unicodeScalars {
            // Never let a control or bidi character reach the terminal, whatever the caller sent
            // (the shared rule; cells normally hold its placeholders already).
            let safe = TerminalText.placeholder(for: scalar) != nil ? 0xFFFD : scalar.value
            // ncurses drops zero-width joiners anyway, and a cchar_t holds at most
            // CCHARW_MAX (5) characters including the terminator.
            if safe == 0x200D { continue }
            guard characters.count < 4 else { break }
            characters.append(wchar_t(bitPattern: safe))
        }
        guard let base = characters.first else {
            self = .init(characters: [0x20, 0], width: 1)
            return
        }
        let baseWidth = Int(wcwidth(base))
        // A combining mark as the base, or a code point newer than glibc's tables.
        guard baseWidth >= 1 else {
            self = .placeholder
            return
        }
        characters.append(0)
        self.init(characters: characters, width: baseWidth)
    }
}
