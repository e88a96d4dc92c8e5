import TerminalText

/// Splits text into safe glyphs, one or two cells each: what every screen cell is drawn from.
///
/// Rules, chosen so that every column we count (`TerminalText.width`) is a column the terminal draws:
/// - Control and bidi characters become the placeholders `TerminalText.placeholder(for:)` names
///   (the one neutralising rule, shared with messages, the clipboard and exports), one cell each.
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
        if TerminalText.asciiWidth(text) != nil { return String(text) }
        var result = ""
        forEach(in: text) { glyph in
            result += glyph.text
            return true
        }
        return result
    }

    /// Calls `body` with each glyph of `text` until it returns false.
    static func forEach(in text: some StringProtocol, _ body: (Glyph) -> Bool) {
        if TerminalText.asciiWidth(text) != nil {
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
            let width = TerminalText.width(of: scalar)
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

    /// The one-cell glyph for a control or bidi character, or nil for anything else.
    static func placeholder(for scalar: Unicode.Scalar) -> Glyph? {
        TerminalText.placeholder(for: scalar).map { Glyph(text: String(Character($0)), width: 1) }
    }

    /// One shared small string per ASCII code, so the ASCII path builds no strings.
    static let asciiStrings: [String] = (0..<128).map { code in
        String(Character(Unicode.Scalar(UInt8(code))))
    }
}
