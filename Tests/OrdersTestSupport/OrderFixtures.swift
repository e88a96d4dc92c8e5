import Foundation
import OrdersCore

/// Orders for tests of every module: one line item each, created relative to one fixed `now`.
package enum OrderFixtures {
    /// 2026-09-21 14:13:20 UTC.
    package static let now = Date(timeIntervalSince1970: 1_790_000_000)
    /// An hour after `now`: when a change to an order created at `now` is made.
    package static let anHourLater = now.addingTimeInterval(3_600)

    package static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// An order whose total is exactly `total` (one line item), created `hoursAgo` before `now`.
    package static func order(
        _ number: Int, customer: String = "Ana Lima", email: String? = nil, total: Decimal = 100,
        currency: Currency = .usd, hoursAgo: Double = 1, status: OrderStatus = .pending, flagged: Bool = false,
        tags: [String] = [], country: String = "DE", sku: String = "SKU-1", title: String = "Desk lamp",
        quantity: Int = 1, assignee: String? = nil
    ) -> Order {
        Order(id: OrderID(number), customerName: customer,
              email: email ?? "customer\(number)@example.com", country: country, currency: currency,
              items: [LineItem(sku: sku, title: title, quantity: quantity, unitPrice: total / Decimal(quantity))],
              createdAt: now.addingTimeInterval(-hoursAgo * 3_600), status: status, flagged: flagged,
              tags: tags, assignee: assignee)
    }

    /// A small, varied set: accents, CJK, every status, a few currencies and tags.
    package static let sample: [Order] = [
        order(1, customer: "José García", total: 120, hoursAgo: 30, status: .pending, tags: ["vip"], country: "ES"),
        order(2, customer: "Jürgen Müller", total: 1500, hoursAgo: 2, status: .processing, flagged: true, country: "DE"),
        order(3, customer: "山田 太郎", total: 12000, currency: .jpy, hoursAgo: 5, status: .shipped, country: "JP",
              sku: "TEA-9", title: "抹茶 Matcha tin"),
        order(4, customer: "Ana Lima", total: 45, hoursAgo: 50, status: .completed, tags: ["wholesale"], country: "BR"),
        order(5, customer: "Zoë Adams", email: "zoe@adams.example", total: 999.99, hoursAgo: 0.5, status: .cancelled,
              country: "GB"),
        order(6, customer: "ana lima", total: 2000, hoursAgo: 200, status: .refunded, flagged: true, tags: ["VIP"],
              country: "BR"),
        order(7, customer: "Bob Stone", total: 45, hoursAgo: 50, status: .pending, country: "US", assignee: "mia"),
    ]

    /// The numbers of the issue, each kept as given, two of them the same number from two shops.
    package static let shopOrders: [Order] = [
        keyed(1, number: "#1001", source: "shopify", shopID: "5712345678901"),
        keyed(2, number: "#1001", source: "woo", shopID: "88"),
        keyed(3, number: "1101", source: "woo"),
        keyed(4, number: "SO-2024-00017", source: "erp"),
        keyed(5, number: "ORD-770005", source: "shopify"),
        keyed(6),
    ]

    /// An order under the store key `key`, with a shop's number and source when given.
    package static func keyed(_ key: Int, number: String? = nil, source: String = OrderNumber.localSource,
                      shopID: String? = nil) -> Order {
        Order(id: OrderID(key), number: number, source: source, shopOrderID: shopID, customerName: "Ida Shop",
              email: "ida@example.com", country: "DK", currency: .eur,
              items: [LineItem(sku: "S-1", title: "Stool", quantity: 1, unitPrice: 10)], createdAt: now)
    }

    /// A plain pending order of 10 EUR, assigned to `assignee` (or to nobody).
    package static func assigned(_ number: Int, assignee: String?) -> Order {
        Order(id: OrderID(number), customerName: "Customer \(number)", email: "c\(number)@example.com", country: "DE",
              currency: .eur, items: [LineItem(sku: "S-\(number)", title: "Thing", quantity: 1, unitPrice: 10)],
              createdAt: Date(timeIntervalSince1970: 1_790_000_000), status: .pending, assignee: assignee)
    }

    /// A paid order of three lines, the first partly sent, the second wholly, the third (no SKU) not at all.
    package static func partlySent(_ number: Int) -> Order {
        var order = Order(
            id: OrderID(number), number: "#\(1000 + number)", source: "shopify", customerName: "Aoife Wood",
            email: "aoife@example.ie", country: "IE", currency: .eur,
            items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 3, unitPrice: Decimal(string: "45.05")!, fulfilledQuantity: 1),
                    LineItem(sku: "LAMP-2", title: "Lamp", quantity: 1, unitPrice: 299, fulfilledQuantity: 1),
                    LineItem(sku: "", title: "Gift card", quantity: 2, unitPrice: 10)],
            createdAt: now, status: .processing)
        order.payment = .paid
        order.fulfillment = .partiallyFulfilled
        order.trackingNumbers = ["1Z-FIRST"]
        return order
    }

    /// A paid order of one line of 10 pens, 7 of them sent (the ORD-0004980, in euros).
    package static func sevenOfTenSent() -> Order {
        var order = Order(id: OrderID(5), number: "#1005", source: "shopify", customerName: "Choi Jiwoo", email: "jiwoo@example.kr",
                          country: "KR", currency: .eur,
                          items: [LineItem(sku: "PN-GEL-12", title: "Gel pens", quantity: 10, unitPrice: 16, fulfilledQuantity: 7)],
                          createdAt: now, status: .processing)
        order.payment = .paid
        order.fulfillment = .partiallyFulfilled
        return order
    }

    /// A paid, unsent order of three mugs.
    package static func threeMugs(_ id: Int) -> Order {
        var order = Order(id: OrderID(id), number: "#\(1000 + id)", source: "shopify", customerName: "Rita Sousa",
                          email: "rita\(id)@example.pt", country: "PT", currency: .eur,
                          items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 3, unitPrice: 12)],
                          createdAt: now, status: .processing)
        order.payment = .paid
        return order
    }

    /// A rule that holds and tags every high-risk order, as an operator would write it.
    package static let highRisk = Rule(name: "10-high-risk", query: "risk:high", actions: [.hold(reason: "high risk"), .tag("check")],
                               changedBy: "ana", changedAt: now)
}
