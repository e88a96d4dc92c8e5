import Foundation

/// A note an operator left on an order.
public struct OrderNote: Hashable, Sendable {
    /// The longest note the app's editor takes, in characters (a paste is cut there, with a
    /// notice): room for a pasted e-mail or a page of context, while the detail stays quick to draw.
    public static let maximumLength = 10_000

    public var createdAt: Date
    public var author: String
    public var text: String

    public init(createdAt: Date, author: String, text: String) {
        self.createdAt = createdAt
        self.author = author
        self.text = text
    }
}

/// A customer order. Money is `Decimal` in `currency`; timestamps are absolute
/// instants (stored in UTC). Business rules live in extensions of this type
/// (`Order+Rules.swift`, `Order+Mutation.swift`), not in views or view models.
public struct Order: Identifiable, Hashable, Sendable {
    public var id: OrderID
    public var customerName: String
    public var email: String
    /// ISO 3166-1 alpha-2 shipping country, e.g. "DE".
    public var country: String
    public var currency: Currency
    public var items: [LineItem]
    public var discount: Decimal
    public var shipping: Decimal
    public var tax: Decimal
    public var createdAt: Date
    public var updatedAt: Date
    public var status: OrderStatus
    public var flagged: Bool
    public var tags: [String]
    public var assignee: String?
    public var notes: [OrderNote]
    /// Incremented by every stored change; an update names the version it was
    /// based on, so a concurrent change is detected instead of overwritten.
    public var version: Int

    public init(
        id: OrderID, customerName: String, email: String, country: String, currency: Currency,
        items: [LineItem], discount: Decimal = 0, shipping: Decimal = 0, tax: Decimal = 0,
        createdAt: Date, updatedAt: Date? = nil, status: OrderStatus = .pending, flagged: Bool = false,
        tags: [String] = [], assignee: String? = nil, notes: [OrderNote] = [], version: Int = 1
    ) {
        self.id = id
        self.customerName = customerName
        self.email = email
        self.country = country
        self.currency = currency
        self.items = items
        self.discount = discount
        self.shipping = shipping
        self.tax = tax
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.status = status
        self.flagged = flagged
        self.tags = tags
        self.assignee = assignee
        self.notes = notes
        self.version = version
    }

    /// Sum of the line totals, rounded to the currency's minor units.
    public var subtotal: Decimal {
        if let minor = subtotalInMinorUnits { return currency.amount(minorUnits: minor) }
        return currency.rounded(items.reduce(Decimal(0)) { $0 + $1.lineTotal })
    }

    /// total = subtotal − discount + shipping + tax.
    public var total: Decimal {
        if let subtotal = subtotalInMinorUnits, let discount = currency.minorUnits(of: discount),
           let shipping = currency.minorUnits(of: shipping), let tax = currency.minorUnits(of: tax) {
            let (sum, overflow) = subtotal.subtractingReportingOverflow(discount)
            let (withShipping, overflow2) = sum.addingReportingOverflow(shipping)
            let (result, overflow3) = withShipping.addingReportingOverflow(tax)
            if !overflow && !overflow2 && !overflow3 { return currency.amount(minorUnits: result) }
        }
        return currency.rounded(subtotal - discount + shipping + tax)
    }

    /// The subtotal in whole minor units when every price is representable in the
    /// currency (then it is exact and no rounding is needed), else nil. Sorting and
    /// filtering a million orders by total would otherwise spend its time in Decimal sums.
    var subtotalInMinorUnits: Int64? {
        var sum: Int64 = 0
        for item in items {
            guard let price = currency.minorUnits(of: item.unitPrice) else { return nil }
            let (line, overflow) = price.multipliedReportingOverflow(by: Int64(item.quantity))
            let (next, overflow2) = sum.addingReportingOverflow(line)
            guard !overflow, !overflow2 else { return nil }
            sum = next
        }
        return sum
    }

    /// Units ordered over all lines. Saturates instead of trapping: an order that has
    /// not been validated yet (an import being checked) may hold absurd quantities.
    public var itemCount: Int {
        items.reduce(0) { sum, item in
            let (next, overflow) = sum.addingReportingOverflow(item.quantity)
            return overflow ? (item.quantity > 0 ? .max : .min) : next
        }
    }
}
