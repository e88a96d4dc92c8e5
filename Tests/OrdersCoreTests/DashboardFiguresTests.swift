import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import Testing

/// The dashboard's figures against brute force on generated orders, and each figure's query against
/// the orders it counts.
@Suite struct DashboardFiguresTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// A Monday morning in Berlin.
    static let now = Date(timeIntervalSince1970: 1_795_420_800 + 9 * 3600) // 2026-11-23 09:00 UTC

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar
    }()

    static let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday, timeZone: berlin)

    /// Demo orders (dense in the recent weeks) plus a few that probe the edges: a customer whose
    /// name is part of another's, an operator written in two cases, an order stamped in the future,
    /// one exactly at the period's start.
    static let orders: [Order] = {
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

    static let settings = DashboardSettings(now: now, calendar: calendar, periodDays: 30, promise: promise, topCount: 8)
    static let figures = DashboardFigures.compute(orders: orders, settings: settings)

    /// Every figure on the dashboard, named for failure messages.
    static var allFigures: [(String, DashboardFigure)] {
        let f = figures
        var all: [(String, DashboardFigure)] = [("period", f.periodOrders), ("refunded", f.refunded), ("cancelled", f.cancelled)]
        all += f.ordersPerDay.enumerated().map { ("day \($0.offset)", $0.element) }
        all += f.revenuePerDay.enumerated().map { ("revenue day \($0.offset)", $0.element.figure) }
        all += f.revenuePerStatus.map { ("revenue \($0.key)", $0.value.figure) }
        for bucket in f.openByAge {
            all.append(("open \(bucket.bucket.label)", bucket.open))
            if let overdue = bucket.overdue { all.append(("overdue \(bucket.bucket.label)", overdue)) }
        }
        all.append(("unassigned", f.unassigned))
        if let overdue = f.unassignedOverdue { all.append(("unassigned overdue", overdue)) }
        for ranked in f.topCustomers + f.topSKUs + f.assignees {
            all.append((ranked.name, ranked.figure))
            if let overdue = ranked.overdue { all.append(("\(ranked.name) overdue", overdue)) }
        }
        return all
    }

    @Test func eachFiguresQuerySelectsExactlyTheOrdersItCounts() {
        for (name, figure) in Self.allFigures {
            #expect(figure.query.filter(Self.orders).count == figure.count, "\(name)")
        }
        for revenue in Self.figures.revenuePerDay + Array(Self.figures.revenuePerStatus.values) {
            var totals: [Currency: Decimal] = [:]
            for order in revenue.figure.query.filter(Self.orders) { totals[order.reportingCurrency, default: 0] += order.reportingTotal }
            #expect(totals == revenue.totals)
        }
    }

    @Test func ordersPerDayEqualBruteForceOverCalendarDays() {
        let calendar = Self.calendar
        let today = calendar.startOfDay(for: Self.now)
        var expected = Array(repeating: 0, count: 30)
        for order in Self.orders {
            let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: order.createdAt), to: today).day!
            if (0..<30).contains(days) { expected[29 - days] += 1 }
        }
        #expect(Self.figures.ordersPerDay.map(\.count) == expected)
        #expect(Self.figures.periodOrders.count == expected.reduce(0, +))
        #expect(Self.figures.today == Self.figures.ordersPerDay[29])
        #expect(Self.figures.sameWeekdayLastWeek == Self.figures.ordersPerDay[22])
        #expect(Self.figures.periodStart == calendar.date(byAdding: .day, value: -29, to: today))
        #expect(expected.reduce(0, +) > 400, "the demo data is dense enough to mean something")
    }

    @Test func openOrdersByAgeAndOverdueEqualBruteForceWithEachOrdersDueTime() {
        var open = Array(repeating: 0, count: 5), overdue = Array(repeating: 0, count: 5)
        var operators: [String: (open: Int, overdue: Int)] = [:]
        var unassigned = 0, unassignedOverdue = 0
        for order in Self.orders where order.status.awaitsShipment {
            let age = Self.now.timeIntervalSince(order.createdAt) / 86_400
            let bucket = age <= 1 ? 0 : age <= 2 ? 1 : age <= 3 ? 2 : age <= 7 ? 3 : 4
            let late = Self.promise.dueDate(for: order)! < Self.now
            open[bucket] += 1
            if late { overdue[bucket] += 1 }
            if let person = order.assignee {
                let key = person.lowercased()
                operators[key, default: (0, 0)].open += 1
                if late { operators[key, default: (0, 0)].overdue += 1 }
            } else {
                unassigned += 1
                if late { unassignedOverdue += 1 }
            }
        }
        #expect(Self.figures.openByAge.map(\.bucket) == AgeBucket.allCases)
        #expect(Self.figures.openByAge.map(\.open.count) == open)
        #expect(Self.figures.openByAge.map { $0.overdue?.count } == overdue)
        #expect(Dictionary(uniqueKeysWithValues: Self.figures.assignees.map { ($0.name.lowercased(), ($0.figure.count, $0.overdue?.count ?? -1)) })
            .mapValues { "\($0)" } == operators.mapValues { "\(($0.open, $0.overdue))" })
        #expect(Self.figures.assignees.map(\.figure.count) == Self.figures.assignees.map(\.figure.count).sorted(by: >))
        #expect(Self.figures.unassigned.count == unassigned)
        #expect(Self.figures.unassignedOverdue?.count == unassignedOverdue)
        #expect(Self.figures.unassigned.query.searchText(calendar: Self.calendar) == "status:pending,processing assignee:none")
        #expect(unassigned > 0 && unassignedOverdue > 0, "unassigned and overdue unassigned orders to count")
        #expect(open.reduce(0, +) > 50 && overdue.reduce(0, +) > 10, "enough open and overdue orders to mean something")
    }

    @Test func refundsCancellationsAndRevenueEqualBruteForce() {
        let period = Self.orders.filter { $0.createdAt >= Self.figures.periodStart && $0.createdAt < Self.figures.periodEnd }
        #expect(Self.figures.refunded.count == period.count { $0.status == .refunded })
        #expect(Self.figures.cancelled.count == period.count { $0.status == .cancelled })
        for status in OrderStatus.allCases {
            var totals: [Currency: Decimal] = [:]
            for order in period where order.status == status { totals[order.reportingCurrency, default: 0] += order.reportingTotal }
            #expect(Self.figures.revenuePerStatus[status]?.totals == totals, "\(status)")
        }
        var earned: [Currency: Decimal] = [:]
        for order in period where order.status != .cancelled && order.status != .refunded { earned[order.reportingCurrency, default: 0] += order.reportingTotal }
        var summed: [Currency: Decimal] = [:]
        for day in Self.figures.revenuePerDay { summed.merge(day.totals, uniquingKeysWith: +) }
        #expect(summed == earned)
    }

    @Test func topCustomersAndSKUsAreTheMostFrequentCountedByTheirQuery() {
        let period = Self.orders.filter { $0.createdAt >= Self.figures.periodStart && $0.createdAt < Self.figures.periodEnd }
        var customers: [String: Int] = [:]
        var skus: [String: Int] = [:]
        for order in period {
            customers[order.customerName, default: 0] += 1
            for sku in Set(order.items.map(\.sku)) { skus[sku, default: 0] += 1 }
        }
        func top(_ counts: [String: Int]) -> Set<String> {
            Set(counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(8).map(\.key))
        }
        #expect(Set(Self.figures.topCustomers.map(\.name)) == top(customers))
        #expect(Set(Self.figures.topSKUs.map(\.name)) == top(skus))
        // "Ana" is counted with "Anabel" (and every name holding "ana"), as `customer:Ana` finds them all;
        // "EDGE-1" with "EDGE-10".
        let ana = Self.figures.topCustomers.first { $0.name == "Ana" }
        #expect(ana?.figure.count == customers.filter { $0.key.lowercased().contains("ana") }.values.reduce(0, +))
        #expect(ana!.figure.count > customers["Ana"]! + customers["Anabel"]!)
        let edge = Self.figures.topSKUs.first { $0.name == "EDGE-1" }
        #expect(edge == nil || edge?.figure.count == skus["EDGE-1"]! + skus["EDGE-10"]!)
    }

    @Test func withoutAPromiseNothingIsOverdue() {
        let settings = DashboardSettings(now: Self.now, calendar: Self.calendar, periodDays: 90)
        let figures = DashboardFigures.compute(orders: Self.orders, settings: settings)
        #expect(figures.openByAge.allSatisfy { $0.overdue == nil })
        #expect(figures.assignees.allSatisfy { $0.overdue == nil })
        #expect(figures.unassignedOverdue == nil)
        #expect(figures.ordersPerDay.count == 90)
        #expect(figures.openByAge.map(\.open) == Self.figures.openByAge.map(\.open))
    }
}
