import Foundation
import OrdersCore
import OrdersInterchange

/// The demo's orders with hand-made edge cases beside them, for the contract tests every store passes.
package enum DemoFixtures {
    /// Demo orders plus hand-made edge cases: equal totals (tie-breaks), accents,
    /// CJK, unassigned and assigned, zero-decimal currency, odd tags.
    package static let storeSample: [Order] = {
        var orders = DemoDataGenerator(seed: 7, now: OrderFixtures.now).orders(count: 400)
        let base = OrderFixtures.now.addingTimeInterval(-86_400)
        func edge(_ number: Int, _ name: String, _ price: Decimal, currency: Currency = .usd,
                  status: OrderStatus = .pending, tags: [String] = [], assignee: String? = nil) -> Order {
            Order(id: OrderID(number), customerName: name, email: "edge\(number)@example.com", country: "DE",
                  currency: currency, items: [LineItem(sku: "EDGE-\(number)", title: "Édition spéciale №\(number)",
                                                        quantity: 1, unitPrice: price)],
                  createdAt: base, status: status, tags: tags, assignee: assignee)
        }
        orders += [
            edge(9_001, "José Müller-Łukasiewicz", Decimal(string: "1000.00")!, tags: ["VIP"]),
            edge(9_002, "JOSE MULLER", Decimal(string: "1000.00")!, assignee: "Alice"),
            edge(9_003, "Zoë Ngọc", Decimal(string: "1000.01")!, status: .processing, tags: ["gift", "Fragile"]),
            edge(9_004, "王秀英", 1_000, currency: .jpy, assignee: "alice"),
            edge(9_005, "佐藤 健", Decimal(string: "0.01")!, status: .cancelled),
            edge(9_006, "김민준", Decimal(string: "999.99")!, status: .shipped),
            paidInAnotherCurrency(edge(9_007, "이서연", 1_357_000, currency: Currency.named("KRW")!), usd: "920.00"),
            paidInAnotherCurrency(edge(9_008, "Jens Hansen", Decimal(string: "7400.00")!, currency: Currency.named("DKK")!), usd: "1080.50"),
        ]
        return orders
    }()

    /// The order as paid in US dollars at a rate of 0.00068 (a shop reporting in dollars).
    package static func paidInAnotherCurrency(_ order: Order, usd: String) -> Order {
        var order = order
        order.shopCurrency = .usd
        order.shopTotal = Decimal(string: usd)!
        order.exchangeRate = Decimal(string: "0.00068")!
        return order
    }
}
