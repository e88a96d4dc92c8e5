/// Makes text from order data safe to put on a terminal: control characters
/// (C0, DEL, C1, including ESC) and bidirectional overrides, which could move the
/// cursor, change colours or reorder what the operator reads, become "�".
/// One character becomes one character, so offsets (search highlights) still fit.
public enum DisplayText {
    public static func neutralized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        return String(text.map { character in
            character.unicodeScalars.contains(where: isUnsafe) ? "\u{FFFD}" : character
        })
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true // bidi embeddings, overrides, isolates
        default: false
        }
    }
}
