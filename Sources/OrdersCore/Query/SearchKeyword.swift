/// The filter keywords of the search language: the one list the parser reads terms by and the
/// palette completes from, so a keyword added here is understood and offered alike.
public enum SearchKeyword: String, CaseIterable, Sendable {
    case status, pay, ship, source, total, flagged, tag, customer, country, assignee, since, before

    /// The keyword a term names, by its name or one of its longer spellings (`payment:` is `pay:`,
    /// `fulfil:` and `fulfillment:` are `ship:`); case is ignored.
    public init?(named name: String) {
        let name = name.lowercased()
        if let keyword = SearchKeyword(rawValue: name) {
            self = keyword
            return
        }
        guard let keyword = Self.allCases.first(where: { $0.aliases.contains(name) }) else { return nil }
        self = keyword
    }

    /// Other names a person may type for this keyword.
    public var aliases: [String] {
        switch self {
        case .pay: ["payment"]
        case .ship: ["fulfil", "fulfill", "fulfilment", "fulfillment"]
        case .status, .source, .total, .flagged, .tag, .customer, .country, .assignee, .since, .before: []
        }
    }

    /// What a person types to start the term, offered by completion: `status:`, `total>` and
    /// `total<` (total is only compared), `flagged` (a bare word, it takes no value).
    public var completions: [String] {
        switch self {
        case .total: ["total>", "total<"]
        case .flagged: ["flagged"]
        case .status, .pay, .ship, .source, .tag, .customer, .country, .assignee, .since, .before: [rawValue + ":"]
        }
    }

    /// Every keyword's completions, in the order of the language's description.
    public static let allCompletions = allCases.flatMap(\.completions)

    /// The keywords written `key:value`, for messages.
    static let valueKeywords = allCases.filter { $0 != .flagged }
}
