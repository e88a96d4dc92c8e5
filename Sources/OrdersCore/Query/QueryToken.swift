/// One whitespace-separated piece of a search query, with quotes removed.
struct QueryToken: Hashable, Sendable {
    /// The token as typed, quotes included (for error messages).
    var raw: String
    /// The token with quotes removed and a leading `-` stripped.
    var text: String
    var isNegated: Bool
    /// Whether any part of the token was quoted; quoted text is never a keyword.
    var hasQuotes: Bool
    /// Character offset of the token in the query.
    var position: Int
    /// For `key:value`, the part before the first unquoted `:`/`>`/`<` and the operator.
    var key: String?
    var op: Character?
    var value: String

    /// Splits a query into tokens; quotes group spaces (`customer:"Ana Lima"`).
    static func tokenize(_ query: String) throws(SearchQueryError) -> [QueryToken] {
        var tokens: [QueryToken] = []
        let characters = Array(query)
        var index = 0
        while index < characters.count {
            if characters[index].isWhitespace { index += 1; continue }
            let start = index
            var raw = "", text = "", hasQuotes = false, inQuotes = false
            var key: String?, op: Character?
            var quoteStart = 0
            while index < characters.count, inQuotes || !characters[index].isWhitespace {
                let character = characters[index]
                raw.append(character)
                if character == "\"" {
                    inQuotes.toggle()
                    hasQuotes = true
                    quoteStart = index
                } else if !inQuotes, key == nil, !hasQuotes, [":", ">", "<"].contains(character),
                          let candidate = Self.keyword(in: text) {
                    key = candidate
                    op = character
                    text = ""
                } else {
                    text.append(character)
                }
                index += 1
            }
            if inQuotes {
                throw SearchQueryError(message: "missing closing quote", token: raw, position: quoteStart)
            }
            var isNegated = false
            if key == nil, raw.hasPrefix("-"), text.hasPrefix("-") {
                isNegated = true
                text.removeFirst()
            } else if let found = key, found.hasPrefix("-") {
                isNegated = true
                key = String(found.dropFirst())
            }
            tokens.append(QueryToken(raw: raw, text: text, isNegated: isNegated, hasQuotes: hasQuotes,
                                     position: start, key: key?.lowercased(), op: op, value: text))
        }
        return tokens
    }

    /// A keyword is letters, optionally after a `-`, or a known keyword spelled with hyphens
    /// (`customer-orders`); anything else (`12:30`, `well-known:x`) stays text.
    private static func keyword(in text: String) -> String? {
        let name = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) else { return nil }
        if name.contains("-"), SearchKeyword(named: String(name)) == nil { return nil }
        return text
    }
}
