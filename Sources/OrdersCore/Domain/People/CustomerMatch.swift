/// Who counts as the same customer as an order's, for "the customer's other orders": the one
/// home of that rule. The same customer key (the shop's customer id) when the order has one, else
/// the same email, ASCII letters' case ignored (`Ana@Example.com` is `ana@example.com`; other
/// letters compared as written, as every store can). An order with neither has no match.
/// Stores translate `matches` into their own queries (`orders(ofCustomer:)`); the contract suite
/// holds them to it.
public enum CustomerMatch: Hashable, Sendable {
    /// The shop's customer id, verbatim.
    case key(String)
    /// The email with ASCII letters lowered (`CustomerMatch.folded`).
    case email(String)

    /// How to find the customer of `order`; nil when it names neither a key nor an email.
    public init?(of order: Order) {
        if let key = order.customerKey, !key.isEmpty {
            self = .key(key)
        } else if !order.email.isEmpty {
            self = .email(Self.folded(order.email))
        } else {
            return nil
        }
    }

    /// Whether `order` belongs to this customer.
    public func matches(_ order: Order) -> Bool {
        switch self {
        case .key(let key): order.customerKey == key
        case .email(let email): !order.email.isEmpty && Self.folded(order.email) == email
        }
    }

    /// `text` with A–Z lowered and everything else as written: what SQLite's `lower()` and
    /// PostgreSQL's `lower()` under the "C" collation both do.
    public static func folded(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32) ?? $0 : $0
        }))
    }

    /// The order stores return a customer's orders in: newest first, then the higher key first.
    public static func newestFirst(_ a: Order, _ b: Order) -> Bool {
        a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id > b.id
    }
}
