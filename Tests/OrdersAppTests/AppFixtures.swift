import Foundation
import OrdersApp
import OrdersCore
import OrdersPresentation
import TermRender

/// Orders and a pinned environment (clock, locale, time zone) for the shell tests.
enum AppFixtures {
    /// 2026-09-21 14:13:20 UTC.
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static var environment: PresentationEnvironment {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return PresentationEnvironment(now: { now }, actor: "mia", highValueThreshold: 1000,
                                       locale: Locale(identifier: "en_US"), calendar: calendar,
                                       recentChangeDuration: 60, bulkConfirmationThreshold: 3)
    }

    static func order(_ number: Int, customer: String, total: Decimal, currency: Currency = .usd, hoursAgo: Double,
                      status: OrderStatus, flagged: Bool = false, tags: [String] = [], assignee: String? = nil,
                      customerKey: String? = nil) -> Order {
        var order = Order(id: OrderID(number), customerName: customer, email: "customer\(number)@example.com", country: "DE",
              currency: currency, items: [LineItem(sku: "SKU-\(number)", title: "Desk lamp", quantity: 1, unitPrice: total)],
              createdAt: now.addingTimeInterval(-hoursAgo * 3_600), status: status, flagged: flagged, tags: tags,
              assignee: assignee)
        order.customerKey = customerKey
        return order
    }

    /// Seven orders, newest first by date: every status, two flagged, accents and CJK; 4, 6 and 7
    /// are one customer (one customer key), so each has two other orders.
    static let sample: [Order] = [
        order(1, customer: "José García", total: 120, hoursAgo: 30, status: .pending, tags: ["vip"]),
        order(2, customer: "Jürgen Müller", total: 1500, hoursAgo: 2, status: .processing, flagged: true),
        order(3, customer: "山田 太郎", total: 12000, currency: .jpy, hoursAgo: 5, status: .shipped),
        order(4, customer: "Ana Lima", total: 45, hoursAgo: 50, status: .completed, tags: ["wholesale"], customerKey: "cust-ana"),
        order(5, customer: "Zoë Adams", total: 999.99, hoursAgo: 0.5, status: .cancelled),
        order(6, customer: "ana lima", total: 2000, hoursAgo: 200, status: .refunded, flagged: true, customerKey: "cust-ana"),
        order(7, customer: "Bob Stone", total: 45, hoursAgo: 50, status: .pending, assignee: "mia", customerKey: "cust-ana"),
    ]
}
