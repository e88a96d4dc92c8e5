import Foundation
import OrdersCore
import OrdersInterchange

/// Ten thousand demo orders with edge cases, a Monday morning in Berlin, and the dashboard's figures
/// of them: what the figures' tests on every engine compare against.
package enum DashboardFixtures {
    package static let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// A Monday morning in Berlin.
    package static let now = Date(timeIntervalSince1970: 1_795_420_800 + 9 * 3600) // 2026-11-23 09:00 UTC

    package static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar
    }()

    package static let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday, timeZone: berlin)

    /// Demo orders (dense in the recent weeks) plus a few that probe the edges: a customer whose
    /// name is part of another's, an operator written in two cases, an order stamped in the future,
    /// one exactly at the period's start.
    package static let orders: [Order] = {
        var orders = DemoDataGenerator(seed: 16, now: now).orders(count: 10_000)
        func order(_ number: Int, _ customer: String, _ created: Date, _ status: OrderStatus, assignee: String? = nil,
                   sku: String = "EDGE-1", currency: Currency = .eur) -> Order {
            Order(id: OrderID(900_000 + number), customerName: customer, email: "edge\(number)@example.com", country: "DE",
                  currency: currency, items: [LineItem(sku: sku, title: "Edge", quantity: 1, unitPrice: Decimal(number))],
                  createdAt: created, status: status, assignee: assignee)
        }
        let periodStart = calendar.date(byAdding: .day, value: -29, to: calendar.startOfDay(for: now))!
        orders += [
            order(1, "Ana", now.addingTimeInterval(-3600), .pending, assignee: "Zoë"),
            order(2, "Anabel", now.addingTimeInterval(-5 * 86_400), .processing, assignee: "ZOË"),
            order(3, "Ana", now.addingTimeInterval(600), .pending),
            order(4, "Ana", periodStart, .completed, currency: .usd),
            order(5, "Ana", periodStart.addingTimeInterval(-1), .refunded),
            order(6, "Anabel", now.addingTimeInterval(-86_400), .processing, assignee: "zoë"),
        ]
        for number in 7..<40 { orders.append(order(number, "Ana", now.addingTimeInterval(-Double(number) * 3000), .shipped, sku: "EDGE-10")) }
        return orders
    }()

    package static let settings = DashboardSettings(now: now, calendar: calendar, periodDays: 30, promise: promise, topCount: 8)
    package static let figures = DashboardFigures.compute(orders: orders, settings: settings)
}
