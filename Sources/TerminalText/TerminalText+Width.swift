/// Display widths in terminal cells, identical to glibc's `wcwidth`, which ncurses and tmux use.
///
/// Widths come from a table generated from glibc (see `TerminalText+WidthTable.swift`), so they are
/// the same in tests, in the CLI's aligned tables and on the screen, and columns never drift.
extension TerminalText {
    /// The `wcwidth` of one code point: −1 when the terminal cannot draw it (controls included),
    /// otherwise 0, 1 or 2.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        // Binary search for the last run that starts at or before `value`.
        var low = 0
        var high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid] >> 2 <= value { low = mid } else { high = mid - 1 }
        }
        return Int(runs[low] & 3) - 1
    }

    /// The cells a code point takes once drawn: a placeholder (control, bidi control, or a code
    /// point the terminal cannot draw) takes one; anything else its `wcwidth`.
    public static func cellWidth(of scalar: Unicode.Scalar) -> Int {
        if placeholder(for: scalar) != nil { return 1 }
        let width = width(of: scalar)
        return width < 0 ? 1 : width
    }

    /// The cells `text` takes once drawn and neutralised. This is exactly the width of TermRender's
    /// glyphs: zero-width marks add nothing whether kept on their base or dropped, a joiner adds
    /// nothing, and each wide part of an emoji sequence is its own cell pair, as glibc, ncurses and
    /// tmux lay it out.
    public static func width(of text: some StringProtocol) -> Int {
        if let ascii = asciiWidth(text) { return ascii }
        return text.unicodeScalars.reduce(0) { $0 + cellWidth(of: $1) }
    }

    /// The cells one grapheme cluster takes (a text field's cursor arithmetic).
    public static func width(of character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + cellWidth(of: $1) }
    }

    /// The width of printable ASCII text (its length), or nil when it holds anything else.
    public static func asciiWidth(_ text: some StringProtocol) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }
}
