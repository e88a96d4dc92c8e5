/// A naming culture for demo customers: where they live, how their names are written.
struct DemoCulture: Sendable {
    /// How a full name is assembled from its parts.
    enum NameOrder: Sendable {
        /// "José Müller-Łukasiewicz"
        case givenFirst
        /// "佐藤 健": family name first, separated by a space.
        case familyFirstSpaced
        /// "王秀英", "김민준": family name first, no space.
        case familyFirstJoined
    }

    /// A name as written, plus a plain-ASCII form for email addresses.
    struct Name: Sendable {
        var text: String
        var ascii: String
    }

    var countries: [(code: String, weight: Int)]
    var given: [Name]
    var family: [Name]
    var order: NameOrder
    var emailDomains: [String]
    /// Relative share of customers from this culture.
    var weight: Int

    /// Builds a culture from compact lists: each name is either "Text" (its ASCII
    /// form is derived by transliteration) or "Text=ascii" for scripts that need a
    /// romanisation, such as "王=wang".
    init(countries: [(String, Int)], given: [String], family: [String], order: NameOrder,
         emailDomains: [String], weight: Int) {
        self.countries = countries.map { (code: $0.0, weight: $0.1) }
        self.given = given.map(Self.parse)
        self.family = family.map(Self.parse)
        self.order = order
        self.emailDomains = emailDomains
        self.weight = weight
    }

    private static func parse(_ spec: String) -> Name {
        let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { return Name(text: parts[0], ascii: parts[1]) }
        return Name(text: spec, ascii: ASCIIFolding.emailLocalPart(spec))
    }
}
