/// Reading view names in the palette: a name may hold spaces ("Unpaid > 3 days"), so a command
/// taking one name takes the rest of the line, and `:view-rename` takes a quoted first name when
/// it holds spaces (`:view-rename "Unpaid > 3 days" Stale`).
public enum SavedViewArguments {
    /// The text without surrounding double quotes, if it has them.
    public static func unquoted(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return trimmed }
        return String(trimmed.dropFirst().dropLast())
    }

    /// Two names: the first quoted or one word, the second the rest; nil when either is missing.
    public static func pair(_ text: String) -> (String, String)? {
        let trimmed = Substring(text.trimmingCharacters(in: .whitespaces))
        let first: Substring
        let rest: Substring
        if trimmed.hasPrefix("\"") {
            guard let close = trimmed.dropFirst().firstIndex(of: "\"") else { return nil }
            first = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            rest = trimmed[trimmed.index(after: close)...]
        } else {
            first = trimmed.prefix { !$0.isWhitespace }
            rest = trimmed.dropFirst(first.count)
        }
        let second = unquoted(String(rest))
        guard !first.isEmpty, !second.isEmpty else { return nil }
        return (String(first), second)
    }

    /// A name as the palette writes it back in a completion: quoted when it holds a space.
    public static func written(_ name: String) -> String {
        name.contains(" ") ? "\"" + name + "\"" : name
    }
}
