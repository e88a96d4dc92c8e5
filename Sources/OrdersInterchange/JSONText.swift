import TerminalText

/// Builds JSON text by hand, so keys keep a readable order and money keeps its
/// currency's decimals (`12.50`, not `12.5`).
public enum JSONText {
    /// A JSON string literal. Every character `TerminalText` neutralises (C0, DEL, C1, bidi
    /// controls) is written as a `\u` escape, so the file can never carry a raw terminal escape
    /// sequence, and a JSON reader still gets the exact text back.
    public static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if TerminalText.placeholder(for: scalar) != nil {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    public static func optionalString(_ text: String?) -> String {
        text.map(string) ?? "null"
    }

    /// An object from already-encoded values, keys in the given order.
    public static func object(_ members: KeyValuePairs<String, String>) -> String {
        "{" + members.map { string($0.key) + ": " + $0.value }.joined(separator: ", ") + "}"
    }

    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    public static func array(_ values: [String]) -> String {
        "[" + values.joined(separator: ", ") + "]"
    }
}
