import Foundation
import OrdersCore

/// What the list's index keeps of one order, and nothing more: the narrow projection a store
/// streams at launch (`OrderStore.scanIndexRows`) so the index is built without decoding every
/// full order (notes, money breakdowns, refund lines and addresses stay in the database).
///
/// Every derived value is the domain's own (`Order.reportingTotal`, `Order.outstanding`,
/// `Order.ageStart`, `Order.status`, `Order.customerGroup`, `OrderStatusWords.unmatchedSourceStatus`):
/// `init(_ order:)` is the reference, and a store's projection must equal it for every order
/// (the store contract suite and `IndexRowEquivalenceTests` hold them to it).
public struct OrderIndexRow: Hashable, Sendable {
    /// One line item as the index searches it.
    public struct Product: Hashable, Sendable {
        public var sku: String
        public var title: String

        public init(sku: String, title: String) {
            self.sku = sku
            self.title = title
        }
    }

    public var id: OrderID
    /// The shop's number verbatim, and the source it came from.
    public var number: String
    public var source: String
    public var customerName: String
    public var email: String
    /// As written (the index upper-cases it).
    public var country: String
    public var createdAt: Date
    /// `Order.ageStart`: paid, else created.
    public var ageStart: Date
    /// The triage status (`Order.status`) and the two statuses it is derived from.
    public var status: OrderStatus
    public var payment: PaymentStatus
    public var fulfillment: FulfillmentStatus
    /// `OrderStatusWords.unmatchedSourceStatus`: the shop's word when it names none of the statuses.
    public var unmatchedSourceStatus: String?
    public var flagged: Bool
    public var tags: [String]
    public var assignee: String?
    public var version: Int
    /// `Order.reportingTotal` in `reportingCurrency`: what sorting, `total>` and the sums compare.
    public var reportingTotal: Decimal
    public var reportingCurrency: Currency
    /// `Order.outstanding`, in the order's own currency.
    public var outstanding: Decimal
    /// Whether anything was given back (`Order.refunded` > 0).
    public var isRefunded: Bool
    public var itemCount: Int
    /// The line items' SKUs and titles, in the order's line order.
    public var products: [Product]
    public var riskLevel: RiskLevel?
    /// The cities and postcodes of the shipping address, then of the billing address (those given).
    public var cities: [String]
    public var postcodes: [String]
    /// The discount codes as the shop wrote them, in order.
    public var discountCodes: [String]
    /// `Order.customerGroup`.
    public var customerGroup: String?
}
