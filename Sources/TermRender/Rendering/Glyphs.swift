/// Turns any text into safe glyphs: the one place where text from data is made fit for a terminal.
///
/// Rules, chosen so that nothing in data can move the cursor, change modes or reorder text, and so
/// that every column we count is a column the terminal draws:
/// - C0 controls and DEL (including ESC, BEL, BS, CR, LF, TAB) become their visible Control Pictures
///   (`␛`, `␇`, `␈`, `␍`, `␊`, `␉`, `␡`, …), one cell each. A CSI sequence therefore shows as `␛[…`.
/// - C1 controls (U+0080–U+009F) and bidi overrides, embeddings, isolates and marks (U+202A–U+202E,
///   U+2066–U+2069, U+200E, U+200F, U+061C) become `�`, one cell.
/// - Code points glibc cannot draw (unassigned, or newer than its Unicode tables) become `�`.
/// - Zero-width code points (combining marks, variation selectors) stay with the glyph before them;
///   at most `maxMarks` per glyph, since ncurses stores only a few per cell. With no glyph to attach
///   to they are dropped. ZERO WIDTH JOINER is dropped, as ncurses does: the terminal then shows the
///   parts of a ZWJ sequence side by side, exactly as wide as we counted.
/// - A grapheme cluster wider than two cells (an emoji with a skin tone, a ZWJ family) is split into
///   glyphs of one or two cells each, matching how glibc, ncurses and tmux lay it out.
public enum Glyphs {
    /// Most zero-width marks kept on one glyph (ncurses' cchar_t holds five characters in all).
    public static let maxMarks = 4

    /// The glyphs of `text`, in order.
    public static func of(_ text: some StringProtocol) -> [Glyph] {
        var result: [Glyph] = []
        forEach(in: text) { glyph in
            result.append(glyph)
            return true
        }
        return result
    }

    /// `text` with every unsafe character replaced, as the terminal will show it.
    public static func sanitized(_ text: some StringProtocol) -> String {
        if TextWidth.asciiWidth(text) != nil { return String(text) }
        var result = ""
        forEach(in: text) { glyph in
            result += glyph.text
            return true
        }
        return result
    }

    /// Calls `body` with each glyph of `text` until it returns false.
    static func forEach(in text: some StringProtocol, _ body: (Glyph) -> Bool) {
        if TextWidth.asciiWidth(text) != nil {
            for byte in text.utf8 where !body(Glyph(text: asciiStrings[Int(byte)], width: 1)) { return }
            return
        }
        for character in text {
            if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
                if !body(Glyph(text: asciiStrings[Int(ascii)], width: 1)) { return }
                continue
            }
            if !forEachGlyph(in: character, body) { return }
        }
    }

    /// Splits one grapheme cluster; returns false when `body` asked to stop.
    private static func forEachGlyph(in character: Character, _ body: (Glyph) -> Bool) -> Bool {
        var pending = ""
        var pendingWidth = 0
        var marks = 0
        func flush() -> Bool {
            guard pendingWidth > 0 else { return true }
            let glyph = Glyph(text: pending, width: pendingWidth)
            pending = ""
            pendingWidth = 0
            marks = 0
            return body(glyph)
        }
        for scalar in character.unicodeScalars {
            if let placeholder = placeholder(for: scalar) {
                guard flush(), body(placeholder) else { return false }
                continue
            }
            let width = TextWidth.of(scalar)
            switch width {
            case 0:
                // A mark with no base, a joiner, or one mark too many is dropped: see the type comment.
                guard pendingWidth > 0, scalar.value != 0x200D, marks < maxMarks else { continue }
                pending.unicodeScalars.append(scalar)
                marks += 1
            case 1, 2:
                guard flush() else { return false }
                pending.unicodeScalars.append(scalar)
                pendingWidth = width
            default:
                guard flush(), body(.replacement) else { return false }
            }
        }
        return flush()
    }

    /// The visible stand-in for a control or bidi character, or nil for anything else.
    static func placeholder(for scalar: Unicode.Scalar) -> Glyph? {
        let value = scalar.value
        switch value {
        case 0x00..<0x20:
            return controlPictures[Int(value)]
        case 0x7F:
            return Glyph(text: "\u{2421}", width: 1)
        case 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            return .replacement
        default:
            return nil
        }
    }

    /// "␀" … "␟" for the C0 controls.
    private static let controlPictures: [Glyph] = (0..<0x20).map { code in
        // U+2400 + code is always a valid scalar (U+2400…U+241F); the fallback is never used.
        let scalar = Unicode.Scalar(0x2400 + UInt32(code)) ?? "?"
        return Glyph(text: String(Character(scalar)), width: 1)
    }

    /// One shared small string per ASCII code, so the ASCII path builds no strings.
    static let asciiStrings: [String] = (0..<128).map { code in
        String(Character(Unicode.Scalar(UInt8(code))))
    }
}
