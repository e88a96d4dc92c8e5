import Foundation

/// Turns a Latin-script name into the plain ASCII people use in email addresses.
enum ASCIIFolding {
    /// Letters that are not a base letter plus a combining mark, so removing
    /// diacritics alone leaves them unchanged.
    private static let special: [Character: String] = [
        "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "ß": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe",
        "đ": "d", "Đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h",
    ]

    /// "Müller-Łukasiewicz" → "muller-lukasiewicz"; anything not [a-z0-9.-] is dropped.
    static func emailLocalPart(_ text: String) -> String {
        let mapped = String(text.flatMap { special[$0] ?? String($0) })
        let folded = mapped.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        return String(folded.unicodeScalars.filter { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
        }.map(Character.init))
    }
}
