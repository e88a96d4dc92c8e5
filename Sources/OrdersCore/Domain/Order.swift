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
    /// The store's key (see `OrderID`); never shown.
    public var id: OrderID
    /// The shop's order number exactly as given (`OrderNumber` has its rules): what the list,
    /// the detail, search, the CLI and exports show and accept. An order whose number is its key's
    /// local number (`ORD-0001234`) keeps no text of its own and follows its key when that is
    /// reassigned (an import giving an order a new key, a test copying an order).
    public var number: String {
        get { verbatimNumber ?? OrderNumber.local(id) }
        set { verbatimNumber = newValue == OrderNumber.local(id) ? nil : newValue }
    }
    /// The number when it is not the key's local number.
    private var verbatimNumber: String?
    /// Where the order came from: a shop or channel name, `OrderNumber.localSource` for orders made here.
    public var source: String
    /// The shop's internal id of the order (Shopify's numeric `id`, WooCommerce's `order_id`), if any.
    public var shopOrderID: String?
    public var customerName: String
    /// Empty only when `phone` is given (a point-of-sale order).
    public var email: String
    public var phone: String? = nil
    /// What identifies the customer across orders (the shop's customer id), so their other orders can be found.
    public var customerKey: String? = nil
    public var shippingAddress: PostalAddress? = nil
    public var billingAddress: PostalAddress? = nil
    public var shippingMethod: String? = nil
    public var trackingNumbers: [String] = []
    public var paymentMethod: String? = nil
    /// The shop's fraud assessment.
    public var riskLevel: RiskLevel? = nil
    /// The customer's own note at checkout, line breaks kept; staff notes are `notes`.
    public var customerNote: String? = nil
    public var noteAttributes: [NoteAttribute] = []
    /// When the order was paid and fulfilled, as the shop says; nil when not (or not said).
    public var paidAt: Date? = nil
    public var fulfilledAt: Date? = nil
    /// ISO 3166-1 alpha-2 shipping country, e.g. "DE".
    public var country: String
    public var currency: Currency
    public var items: [LineItem]
    public var discount: Decimal
    public var shipping: Decimal
    public var tax: Decimal
    /// Whether line prices already include tax (VAT-inclusive shops): then `tax` is the part of
    /// the prices that is tax, shown but not added again (`Order.total`).
    public var taxesIncluded: Bool
    /// The codes behind `discount`, with what each took off.
    public var discountCodes: [DiscountCode]
    /// Fees and duties, added to the total.
    public var adjustments: [OrderAdjustment]
    /// The total the shop stated, kept beside the one recomputed here; a difference is reported
    /// (`Order.statedTotalDifference`), never fixed silently. Nil for orders made here.
    public var statedTotal: Decimal?
    /// When the customer paid in another currency than the shop reports in: the shop's currency,
    /// the total in it as the source stated it, and the source's rate (shop units per unit of
    /// `currency`). All three or none; `reportingTotal` has the rule that uses them.
    public var shopCurrency: Currency?
    public var shopTotal: Decimal?
    public var exchangeRate: Decimal?
    /// Money given back, oldest first; `refunded` and `outstanding` follow from them (`Order+Refunds`).
    public var refunds: [Refund]
    public var createdAt: Date
    public var updatedAt: Date
    /// Where the money stands (`PaymentStatus` has the allowed moves).
    public var payment: PaymentStatus
    /// Where the goods stand (`FulfillmentStatus` has the allowed moves).
    public var fulfillment: FulfillmentStatus
    /// When the order was cancelled, and why; nil while it is not.
    public var cancelledAt: Date?
    public var cancelReason: String?
    /// Closed (archived) by the shop: nothing more to do.
    public var isClosed: Bool
    /// The shop's own status word as it gave it (`on-hold`, `checkout-draft`), kept and shown
    /// even when it has an exact match, so nothing is refused for its status.
    public var sourceStatus: String?

    /// The triage state, derived from the fields above (`Order.triage`). Setting it moves them to
    /// that state's canonical form (`moveTriage`), as today's actions and set-status do.
    public var status: OrderStatus {
        get { Order.triage(payment: payment, fulfillment: fulfillment, cancelledAt: cancelledAt, isClosed: isClosed) }
        set { moveTriage(to: newValue, at: updatedAt) }
    }
    public var flagged: Bool
    public var tags: [String]
    public var assignee: String?
    public var notes: [OrderNote]
    /// Incremented by every stored change; an update names the version it was
    /// based on, so a concurrent change is detected instead of overwritten.
    public var version: Int

    public init(
        id: OrderID, number: String? = nil, source: String = OrderNumber.localSource, shopOrderID: String? = nil,
        customerName: String, email: String, country: String, currency: Currency,
        items: [LineItem], discount: Decimal = 0, shipping: Decimal = 0, tax: Decimal = 0,
        taxesIncluded: Bool = false, discountCodes: [DiscountCode] = [], adjustments: [OrderAdjustment] = [],
        statedTotal: Decimal? = nil, refunds: [Refund] = [],
        shopCurrency: Currency? = nil, shopTotal: Decimal? = nil, exchangeRate: Decimal? = nil,
        createdAt: Date, updatedAt: Date? = nil, status: OrderStatus = .pending, flagged: Bool = false,
        tags: [String] = [], assignee: String? = nil, notes: [OrderNote] = [], version: Int = 1
    ) {
        self.id = id
        self.verbatimNumber = number == OrderNumber.local(id) ? nil : number
        self.source = source
        self.shopOrderID = shopOrderID
        self.customerName = customerName
        self.email = email
        self.country = country
        self.currency = currency
        self.items = items
        self.discount = discount
        self.shipping = shipping
        self.tax = tax
        self.taxesIncluded = taxesIncluded
        self.discountCodes = discountCodes
        self.adjustments = adjustments
        self.statedTotal = statedTotal
        self.refunds = []
        self.shopCurrency = shopCurrency
        self.shopTotal = shopTotal
        self.exchangeRate = exchangeRate
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.payment = .pending
        self.fulfillment = .unfulfilled
        self.isClosed = false
        self.flagged = flagged
        self.tags = tags
        self.assignee = assignee
        self.notes = notes
        self.version = version
        moveTriage(to: status, at: updatedAt ?? createdAt)
        // After the status: an order stated shipped had every unit sent, whatever came back since (a
        // refund taken before sending would have left the order to ship what was not refunded).
        self.refunds = refunds
    }

    /// Sum of the line totals, rounded to the currency's minor units.
    public var subtotal: Decimal {
        if let minor = subtotalInMinorUnits { return currency.amount(minorUnits: minor) }
        return currency.rounded(items.reduce(Decimal(0)) { $0 + $1.lineTotal })
    }

    /// The subtotal in whole minor units when every price is representable in the
    /// currency (then it is exact and no rounding is needed), else nil. Sorting and
    /// filtering a million orders by total would otherwise spend its time in Decimal sums.
    var subtotalInMinorUnits: Int64? {
        var sum: Int64 = 0
        for item in items {
            if let stated = item.statedLineTotal {
                guard let line = currency.minorUnits(of: stated), let next = sum.addingChecked(line) else { return nil }
                sum = next
                continue
            }
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
