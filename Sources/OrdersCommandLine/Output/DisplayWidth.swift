import TerminalText

/// Fits text into the columns of the CLI's plain-text tables, measured with the one width table
/// (`TerminalText.width`) the screen uses, so the CLI and the app agree on every column.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        TerminalText.width(of: text)
    }

    /// Cuts text to at most `width` columns, ending in "…" when it had to cut.
    static func truncated(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = TerminalText.width(of: character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// Pads with spaces to exactly `width` columns (after truncating if needed).
    static func padded(_ text: String, to width: Int, rightAligned: Bool = false) -> String {
        let cut = truncated(text, to: width)
        let padding = String(repeating: " ", count: max(0, width - of(cut)))
        return rightAligned ? padding + cut : cut + padding
    }
}
