/// Display widths of text in terminal cells, identical to what glibc's `wcwidth`, ncurses and tmux use.
///
/// Widths come from a table generated from glibc (see `TextWidth+Table.swift`), so they are the
/// same in tests as in the terminal and columns never drift. A string's width is the width of its
/// sanitised glyphs (see `Glyphs`): control characters count as their one-cell placeholders.
public enum TextWidth {
    /// The `wcwidth` of one code point: −1 when the terminal cannot draw it, otherwise 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
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

    /// The number of cells a string occupies once drawn (after control characters become placeholders).
    public static func of(_ text: some StringProtocol) -> Int {
        if let ascii = asciiWidth(text) { return ascii }
        var total = 0
        Glyphs.forEach(in: text) { glyph in
            total += glyph.width
            return true
        }
        return total
    }

    /// The width of printable ASCII text (its length), or nil when it holds anything else.
    static func asciiWidth(_ text: some StringProtocol) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }
}
