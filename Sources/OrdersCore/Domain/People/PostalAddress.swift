/// An address as shops give it: every street line kept, in order, and the parts shops name apart.
public struct PostalAddress: Hashable, Sendable {
    public var name: String?
    public var company: String?
    /// Street lines, first to last.
    public var lines: [String]
    public var city: String?
    public var postcode: String?
    public var region: String?
    /// ISO 3166-1 alpha-2, as the shop wrote it.
    public var country: String?
    public var phone: String?

    public init(name: String? = nil, company: String? = nil, lines: [String] = [], city: String? = nil,
                postcode: String? = nil, region: String? = nil, country: String? = nil, phone: String? = nil) {
        self.name = name
        self.company = company
        self.lines = lines
        self.city = city
        self.postcode = postcode
        self.region = region
        self.country = country
        self.phone = phone
    }
}
