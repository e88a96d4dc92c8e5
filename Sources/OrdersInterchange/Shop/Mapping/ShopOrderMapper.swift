import Foundation
import OrdersCore
import OrdersStorage

/// Turns an order as a shop's file describes it (`ShopOrder`) into an `Order`: the shop's number,
/// ids and text verbatim, both statuses from the shop's words (`ShopStatusWords`), money as the shop
/// states it (its stated total kept beside the recomputed one, a mismatch shown, never fixed), and
/// refunds as records. What does not fit the order's rules is a problem naming the file, the line
/// (or JSON index) and the field, never a silent repair.
public struct ShopOrderMapper: Sendable {
    /// The source every order gets (`orders import --source NAME`); nil for the format's shop name.
    public var source: String?
    /// The refunds sent from here that the shop made, by the shop's id (`gid://shopify/Refund/901`) to
    /// the id here (`R1`): the shop's copy of one keeps that id, so it is known for the refund it is
    /// (`ShopOwnership`) rather than counted a second time beside it. Empty for files.
    public var sentRefunds: [String: String]
    /// Refunds whose send got no answer yet, by the shop's id of their order: the shop may have made one
    /// and its id is not known here until the next send reads it back. A shop refund of that order with
    /// the same amount (and units, where the shop lists them) is taken to be it until then.
    public var refundsInDoubt: [String: [ShopFact]]

    public init(source: String? = nil, sentRefunds: [String: String] = [:], refundsInDoubt: [String: [ShopFact]] = [:]) {
        self.source = source
        self.sentRefunds = sentRefunds
        self.refundsInDoubt = refundsInDoubt
    }

    public func order(from shop: ShopOrder, file: String) -> Result<Order, ImportError> {
        var problems: [ImportProblem] = []
        func problem(_ field: String?, _ text: String) {
            problems.append(ImportProblem(file: file, location: shop.location, field: field, problem: text))
        }
        let source = self.source ?? shop.format.defaultSource
        guard let currency = Currency.named(shop.currency) else {
            problem(shop.format.currencyColumn, "\"\(shop.currency)\" is not an ISO 4217 currency code")
            return .failure(ImportError(problems: problems))
        }
        let items = lineItems(of: shop, currency: currency)
        let reference = OrderReference(source: source, number: shop.number)
        var order = Order(
            id: OrderID.provisional(for: reference), number: shop.number, source: source, shopOrderID: shop.shopID,
            customerName: Self.customerName(of: shop), email: shop.email ?? "", country: Self.country(of: shop),
            currency: currency, items: items, discount: shop.discountTotal ?? 0, shipping: shop.shippingTotal ?? 0,
            tax: shop.taxTotal ?? 0, taxesIncluded: shop.taxesIncluded ?? false,
            discountCodes: Self.discountCodes(of: shop), adjustments: shop.adjustments, statedTotal: shop.totalIsStated ? shop.total : nil,
            refunds: refunds(of: shop, items: items, problem: problem),
            createdAt: shop.createdAt, updatedAt: Self.lastChange(of: shop), tags: shop.tags,
            notes: shop.staffNotes.map { OrderNote(createdAt: shop.createdAt, author: source, text: Self.withLineFeeds($0)) })
        applyStatuses(of: shop, to: &order)
        applyPeople(of: shop, to: &order)
        applyShopCurrency(of: shop, to: &order, problem: problem)
        guard problems.isEmpty else { return .failure(ImportError(problems: problems)) }
        let issues = order.validationIssues()
        guard issues.isEmpty else {
            return .failure(ImportError(problems: issues.map {
                ImportProblem(file: file, location: shop.location, field: $0.field, problem: $0.problem)
            }))
        }
        return .success(order)
    }

    private func applyStatuses(of shop: ShopOrder, to order: inout Order) {
        let words = switch shop.format {
        case .shopifyCSV, .shopifyJSON, .shopifyJSONL:
            ShopStatusWords.shopify(financial: shop.paymentStatus, fulfilment: shop.fulfilmentStatus)
        case .wooCommerceCSV, .wooCommerceJSON: ShopStatusWords.wooCommerce(status: shop.sourceStatus, paid: shop.paidAt != nil)
        case .mappedCSV: shop.mappedStatuses ?? ShopStatusWords.shopify(financial: nil, fulfilment: nil)
        }
        order.payment = words.payment
        // WooCommerce's one status word leaves a partial refund unsaid (`processing` with a refund):
        // the refund records say it, so a paid order with refunds is partly or wholly refunded.
        if shop.format == .wooCommerceCSV || shop.format == .wooCommerceJSON, order.payment == .paid, order.refunded > 0 {
            order.payment = order.refunded >= order.total ? .refunded : .partiallyRefunded
        }
        order.fulfillment = words.fulfillment
        // A line whose sent quantity the file does not state (WooCommerce states none) follows the order's fulfilment.
        for (index, item) in shop.items.enumerated() where item.fulfilledQuantity == nil && order.items.indices.contains(index) {
            order.items[index].fulfilledQuantity = Order.assumedFulfilledQuantity(of: order.items[index].quantity,
                                                                                  fulfillment: order.fulfillment)
        }
        order.isClosed = words.isClosed
        order.sourceStatus = words.sourceStatus
        // WooCommerce states no cancellation time: the order's own date is the earliest it can be.
        order.cancelledAt = shop.cancelledAt ?? (words.isCancelled ? shop.createdAt : nil)
        order.cancelReason = order.cancelledAt == nil ? nil : shop.cancelReason.map(Self.withLineFeeds)
    }

    /// The latest moment the file names for the order: what it was last changed at, as far as the
    /// file tells, so the same file always maps to the same order.
    static func lastChange(of shop: ShopOrder) -> Date {
        ([shop.createdAt, shop.paidAt, shop.fulfilledAt, shop.cancelledAt] + shop.refunds.map(\.date))
            .compactMap { $0 }.max() ?? shop.createdAt
    }
}
