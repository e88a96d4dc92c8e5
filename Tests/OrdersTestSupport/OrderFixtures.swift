import Foundation
import OrdersCore

/// Orders for tests of every module: one line item each, created relative to one fixed `now`.
package enum OrderFixtures {
    /// 2026-09-21 14:13:20 UTC.
    package static let now = Date(timeIntervalSince1970: 1_790_000_000)

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

}
