/// Text from data made safe to print on a terminal: control characters (which
/// could move the cursor, change colours or retitle the window) and bidirectional
/// overrides (which could make text read as something else) become visible symbols.
enum TerminalSafeText {
    /// For one table cell or line: line breaks and tabs are neutralised too.
    static func line(_ text: String) -> String {
        neutralize(text, keepLineBreaks: false)
    }

    /// For multi-line text such as a note: line breaks and tabs stay.
    static func block(_ text: String) -> String {
        neutralize(text, keepLineBreaks: true)
    }

    private static func neutralize(_ text: String, keepLineBreaks: Bool) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepLineBreaks, 0x09 where keepLineBreaks:
                result.append(scalar)
            case 0x00..<0x20:
                // U+2400…U+241F are the visible "control pictures" (␛ for ESC).
                result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
            case 0x7F:
                result.append("\u{2421}") // ␡
            case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                result.append("\u{FFFD}")
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}
