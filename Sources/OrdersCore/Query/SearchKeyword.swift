/// The filter keywords of the search language: the one list the parser reads terms by and the
/// palette completes from, so a keyword added here is understood and offered alike.
public enum SearchKeyword: String, CaseIterable, Sendable {
    case status, pay, ship, source, total, outstanding, flagged, refunded, tag, customer, country, city, postcode
    case assignee, risk, code, since, before, age
    case customerOrders = "customer-orders"
    /// Against the fulfilment promise: `due<4h`, `due>1d`, `overdue`.
    case due, overdue

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
        case .postcode: ["zip"]
        default: []
        }
    }

    /// How a term with this keyword is written.
    public enum Form: Sendable {
        /// `status:pending`.
        case value
        /// `total>1000`, `total<50`: compared only.
        case compared
        /// `flagged`: a bare word that takes no value.
        case bare
    }

    public var form: Form {
        switch self {
        case .total, .outstanding, .age, .customerOrders, .due: .compared
        case .flagged, .refunded, .overdue: .bare
        case .status, .pay, .ship, .source, .tag, .customer, .country, .city, .postcode, .assignee, .risk, .code,
             .since, .before: .value
        }
    }

    /// What a person types to start the term, offered by completion: `status:`, `total>` and
    /// `total<` (total is only compared), `flagged` (a bare word, it takes no value).
    public var completions: [String] {
        switch form {
        case .compared: [rawValue + ">", rawValue + "<"]
        case .bare: [rawValue]
        case .value: [rawValue + ":"]
        }
    }

    /// Every keyword's completions, in the order of the language's description.
    public static let allCompletions = allCases.flatMap(\.completions)

    /// The keywords that take a value (`key:value` or compared), for messages.
    static let valueKeywords = allCases.filter { $0.form != .bare }
}
