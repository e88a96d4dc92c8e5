import Foundation
import OrdersCore

/// One order as a shop's export file describes it: read faithfully, checked for form (numbers are
/// numbers, dates are dates, money is exact) but not yet judged by the domain's rules. Words the
/// shop uses for its statuses are kept as written; mapping them onto `Order` is a separate step, so
/// every reader stays a plain description of its format.
public struct ShopOrder: Hashable, Sendable {
    public var format: ShopFormat
    /// Where the order starts in the file (its first CSV line, or its index in a JSON array).
    public var location: RecordLocation
    /// The shop's order number exactly as written (`#1001`, `1101`, `SO-2024-00017`).
    public var number: String
    /// The shop's internal id (Shopify's `Id`, WooCommerce's `order_id`).
    public var shopID: String?
    public var createdAt: Date
    public var paidAt: Date?
    public var fulfilledAt: Date?
    public var cancelledAt: Date?
    public var cancelReason: String?
    /// ISO 4217 code as written (checked against the currency table when mapped).
    public var currency: String
    /// The shop's payment word (Shopify `Financial Status`, `financial_status`).
    public var paymentStatus: String?
    /// The shop's fulfilment word (Shopify `Fulfillment Status`, `fulfillment_status`).
    public var fulfilmentStatus: String?
    /// A status word of the shop's own that is neither of the above (WooCommerce's `status`).
    public var sourceStatus: String?
    public var customerName: String?
    public var email: String?
    public var phone: String?
    /// What identifies the customer across orders in the shop (its customer id), when given.
    public var customerKey: String?
    public var billingAddress: ShopAddress?
    public var shippingAddress: ShopAddress?
    public var subtotal: Decimal?
    public var shippingTotal: Decimal?
    public var taxTotal: Decimal?
    public var discountTotal: Decimal?
    /// The total the shop states; compared later with the one recomputed from the lines.
    public var total: Decimal
    /// False when the file states no total and `total` was worked out from the order's parts (a
    /// mapping without a `total` column): then the order has no stated total to compare.
    public var totalIsStated = true
    /// Whether item prices already include tax; nil when the file does not say and its
    /// figures do not tell (see `ShopTaxInference`).
    public var taxesIncluded: Bool?
    public var discountCodes: [String]
    public var shippingMethod: String?
    public var paymentMethod: String?
    public var items: [ShopLineItem]
    public var refunds: [ShopRefund]
    /// The refunded total the shop states (Shopify `Refunded Amount`), beside the refund records.
    public var refundedAmount: Decimal?
    public var tags: [String]
    /// The customer's own note, with its line breaks.
    public var customerNote: String?
    /// Staff notes the export carries (WooCommerce `order_notes`), oldest first.
    public var staffNotes: [String]
    public var noteAttributes: [ShopNoteAttribute]
    public var riskLevel: String?
    /// The sales channel the shop names (Shopify `Source`: web, pos, …).
    public var channel: String?
    /// The amount and currency the customer paid in, when the shop reports in another currency
    /// and the order could not be read in the customer's money (kept as a note attribute).
    public var presentment: ShopMoney?
    /// The total in the shop's currency, when the order is read in the customer's (Shopify's
    /// presentment money): becomes the order's shop currency, shop total and rate.
    public var shopMoney: ShopMoney? = nil
    /// Fees and duties the shop charged beside goods, shipping and tax (WooCommerce's fee lines,
    /// Shopify's duties and additional fees), in the shop's money: part of its stated total.
    public var adjustments: [OrderAdjustment] = []
    /// The parcels' tracking, one entry a tracking number, in the shop's order (Shopify's API
    /// fulfillments); empty when the file states none.
    public var tracking: [ShopTracking] = []
    /// The statuses a mapping file gives the order's status word (`orders import --map`); nil for
    /// the shops' own formats, whose words `ShopStatusWords` knows.
    var mappedStatuses: ShopStatusWords? = nil
}

public struct ShopLineItem: Hashable, Sendable {
    public var location: RecordLocation
    public var title: String
    /// Empty when the shop has none (custom items, gift cards).
    public var sku: String
    public var quantity: Int
    /// The price of one unit; nil when the shop states only a line total that does not divide
    /// exactly by the quantity (then `lineTotal` is the truth and the order's line keeps it, its price derived:
    /// `LineItem+StatedTotal.swift`).
    public var unitPrice: Decimal?
    /// The line's amount before order-level discounts and tax: quantity × unit price.
    public var lineTotal: Decimal
    /// How many of this line the shop has fulfilled, when it says.
    public var fulfilledQuantity: Int?
    public var requiresShipping: Bool?
    public var taxable: Bool?
}

/// One tracking number of a shipment, with the carrier and the tracking page the shop names for it.
public struct ShopTracking: Hashable, Sendable {
    public var number: String
    public var company: String?
    public var url: String?
}

public struct ShopRefund: Hashable, Sendable {
    public var amount: Decimal
    public var reason: String?
    public var date: Date?
    /// The lines returned: by SKU or title as the file names them, with quantities.
    public var lines: [ShopRefundLine]
    public var shipping: Decimal?
    /// Whether the returned goods went back into stock (Shopify's `restock_type`, or older `restock`).
    public var restock: Bool = false
    /// The shop's own id of the refund (Shopify's `gid://shopify/Refund/81` or REST `81`, WooCommerce's
    /// `88`) where the source states one: how a refund sent from here is known when it is pulled back.
    public var shopID: String? = nil
}

public struct ShopRefundLine: Hashable, Sendable {
    public var sku: String
    public var title: String
    public var quantity: Int
}

public struct ShopAddress: Hashable, Sendable {
    public var name: String?
    public var company: String?
    /// Street lines, first to last, without empty ones.
    public var lines: [String]
    public var city: String?
    public var postcode: String?
    public var region: String?
    public var country: String?
    public var phone: String?

    /// Nil when every part is empty: a file's blank address columns are no address.
    init?(name: String?, company: String?, lines: [String?], city: String?, postcode: String?,
          region: String?, country: String?, phone: String?) {
        self.name = name.nonEmpty
        self.company = company.nonEmpty
        self.lines = lines.compactMap(\.nonEmpty)
        self.city = city.nonEmpty
        self.postcode = postcode.nonEmpty
        self.region = region.nonEmpty
        self.country = country.nonEmpty
        self.phone = phone.nonEmpty
        if self.name == nil, self.company == nil, self.lines.isEmpty, self.city == nil, self.postcode == nil,
           self.region == nil, self.country == nil, self.phone == nil { return nil }
    }
}

public struct ShopNoteAttribute: Hashable, Sendable {
    public var key: String
    public var value: String
}

public struct ShopMoney: Hashable, Sendable {
    public var amount: Decimal
    public var currency: String
}

extension Optional<String> {
    /// The text without surrounding spaces, nil when that leaves nothing.
    var nonEmpty: String? {
        guard let trimmed = self?.trimmingSpaces, !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
