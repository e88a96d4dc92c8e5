import Foundation
@testable import OrdersCore
import OrdersTestSupport

/// Orders as shops have them, for the search terms on payment, fulfilment and source: every
/// payment and fulfilment status, shop numbers beside local ones, sources that differ only in
/// case (ASCII and not), and shop status words with and without a match.
enum ShopOrderFixtures {
    static func order(_ key: Int, number: String, source: String, payment: PaymentStatus,
                      fulfillment: FulfillmentStatus, sourceStatus: String? = nil, customer: String = "Shop Customer") -> Order {
        var order = OrderFixtures.order(key, customer: customer, total: Decimal(key % 1_000), hoursAgo: Double(key % 50))
        order.number = number
        order.source = source
        order.payment = payment
        order.fulfillment = fulfillment
        order.sourceStatus = sourceStatus
        return order
    }

    /// Twenty-odd orders: each payment status with a fulfilment status in turn, spread over sources.
    static let orders: [Order] = {
        let sources = ["shopify", "Shopify", "woo", "ÉTSY", "étsy", OrderNumber.localSource]
        var result: [Order] = []
        for (offset, payment) in PaymentStatus.allCases.enumerated() {
            for (inner, fulfillment) in FulfillmentStatus.allCases.enumerated() where (offset + inner) % 2 == 0 {
                let key = 800_000 + offset * 10 + inner
                let source = sources[(offset + inner) % sources.count]
                result.append(order(key, number: "#\(1000 + offset * 10 + inner)", source: source, payment: payment,
                                    fulfillment: fulfillment, sourceStatus: inner == 0 ? "checkout-draft" : fulfillment.rawValue))
            }
        }
        return result
    }()

    /// Queries on the new terms, for the equivalence suites.
    static let queries: [String] = [
        "pay:paid", "pay:pending,authorized", "payment:partially-paid", "-pay:refunded,voided", "pay:failed ship:on_hold",
        "ship:unfulfilled", "fulfil:fulfilled,returned", "fulfillment:partially_fulfilled", "-ship:fulfilled",
        "source:shopify", "source:SHOPIFY", "source:woo", "source:local", "-source:local", "source:étsy", "source:ÉTSY",
        "source:shop", "source:nowhere", "#100", "source:woo pay:paid", "pay:paid status:processing",
    ]
}
