extension SearchQueryParser {
    /// A term's value as it must be typed to be read back whole: in quotes when it holds a
    /// space (`assignee:"Ana Lima"`), as it is otherwise. The completions write values with it.
    public static func quotedIfNeeded(_ value: String) -> String {
        value.contains(where: \.isWhitespace) ? "\"\(value)\"" : value
    }
}
