import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

/// The dashboard's figures against brute force on generated orders, and each figure's query against
/// the orders it counts.
@Suite struct DashboardFiguresTests {
    /// Every figure on the dashboard, named for failure messages.
    static var allFigures: [(String, DashboardFigure)] {
        let f = DashboardFixtures.figures
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
            #expect(figure.query.filter(DashboardFixtures.orders).count == figure.count, "\(name)")
        }
        for revenue in DashboardFixtures.figures.revenuePerDay + Array(DashboardFixtures.figures.revenuePerStatus.values) {
            var totals: [Currency: Decimal] = [:]
            for order in revenue.figure.query.filter(DashboardFixtures.orders) { totals[order.reportingCurrency, default: 0] += order.reportingTotal }
            #expect(totals == revenue.totals)
        }
    }

    @Test func ordersPerDayEqualBruteForceOverCalendarDays() {
        let calendar = DashboardFixtures.calendar
        let today = calendar.startOfDay(for: DashboardFixtures.now)
        var expected = Array(repeating: 0, count: 30)
        for order in DashboardFixtures.orders {
            let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: order.createdAt), to: today).day!
            if (0..<30).contains(days) { expected[29 - days] += 1 }
        }
        #expect(DashboardFixtures.figures.ordersPerDay.map(\.count) == expected)
        #expect(DashboardFixtures.figures.periodOrders.count == expected.reduce(0, +))
        #expect(DashboardFixtures.figures.today == DashboardFixtures.figures.ordersPerDay[29])
        #expect(DashboardFixtures.figures.sameWeekdayLastWeek == DashboardFixtures.figures.ordersPerDay[22])
        #expect(DashboardFixtures.figures.periodStart == calendar.date(byAdding: .day, value: -29, to: today))
        #expect(expected.reduce(0, +) > 400, "the demo data is dense enough to mean something")
    }

    @Test func openOrdersByAgeAndOverdueEqualBruteForceWithEachOrdersDueTime() {
        var open = Array(repeating: 0, count: 5), overdue = Array(repeating: 0, count: 5)
        var operators: [String: (open: Int, overdue: Int)] = [:]
        var unassigned = 0, unassignedOverdue = 0
        for order in DashboardFixtures.orders where order.status.awaitsShipment {
            let age = DashboardFixtures.now.timeIntervalSince(order.createdAt) / 86_400
            let bucket = age <= 1 ? 0 : age <= 2 ? 1 : age <= 3 ? 2 : age <= 7 ? 3 : 4
            let late = DashboardFixtures.promise.dueDate(for: order)! < DashboardFixtures.now
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
        #expect(DashboardFixtures.figures.openByAge.map(\.bucket) == AgeBucket.allCases)
        #expect(DashboardFixtures.figures.openByAge.map(\.open.count) == open)
        #expect(DashboardFixtures.figures.openByAge.map { $0.overdue?.count } == overdue)
        #expect(Dictionary(uniqueKeysWithValues: DashboardFixtures.figures.assignees.map { ($0.name.lowercased(), ($0.figure.count, $0.overdue?.count ?? -1)) })
            .mapValues { "\($0)" } == operators.mapValues { "\(($0.open, $0.overdue))" })
        #expect(DashboardFixtures.figures.assignees.map(\.figure.count) == DashboardFixtures.figures.assignees.map(\.figure.count).sorted(by: >))
        #expect(DashboardFixtures.figures.unassigned.count == unassigned)
        #expect(DashboardFixtures.figures.unassignedOverdue?.count == unassignedOverdue)
        #expect(DashboardFixtures.figures.unassigned.query.searchText(calendar: DashboardFixtures.calendar) == "status:pending,processing assignee:none")
        #expect(unassigned > 0 && unassignedOverdue > 0, "unassigned and overdue unassigned orders to count")
        #expect(open.reduce(0, +) > 50 && overdue.reduce(0, +) > 10, "enough open and overdue orders to mean something")
    }

    @Test func refundsCancellationsAndRevenueEqualBruteForce() {
        let period = DashboardFixtures.orders.filter { $0.createdAt >= DashboardFixtures.figures.periodStart && $0.createdAt < DashboardFixtures.figures.periodEnd }
        #expect(DashboardFixtures.figures.refunded.count == period.count { $0.status == .refunded })
        #expect(DashboardFixtures.figures.cancelled.count == period.count { $0.status == .cancelled })
        for status in OrderStatus.allCases {
            var totals: [Currency: Decimal] = [:]
            for order in period where order.status == status { totals[order.reportingCurrency, default: 0] += order.reportingTotal }
            #expect(DashboardFixtures.figures.revenuePerStatus[status]?.totals == totals, "\(status)")
        }
        var earned: [Currency: Decimal] = [:]
        for order in period where order.status != .cancelled && order.status != .refunded { earned[order.reportingCurrency, default: 0] += order.reportingTotal }
        var summed: [Currency: Decimal] = [:]
        for day in DashboardFixtures.figures.revenuePerDay { summed.merge(day.totals, uniquingKeysWith: +) }
        #expect(summed == earned)
    }

    @Test func topCustomersAndSKUsAreTheMostFrequentCountedByTheirQuery() {
        let period = DashboardFixtures.orders.filter { $0.createdAt >= DashboardFixtures.figures.periodStart && $0.createdAt < DashboardFixtures.figures.periodEnd }
        var customers: [String: Int] = [:]
        var skus: [String: Int] = [:]
        for order in period {
            customers[order.customerName, default: 0] += 1
            for sku in Set(order.items.map(\.sku)) { skus[sku, default: 0] += 1 }
        }
        func top(_ counts: [String: Int]) -> Set<String> {
            Set(counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(8).map(\.key))
        }
        #expect(Set(DashboardFixtures.figures.topCustomers.map(\.name)) == top(customers))
        #expect(Set(DashboardFixtures.figures.topSKUs.map(\.name)) == top(skus))
        // "Ana" is counted with "Anabel" (and every name holding "ana"), as `customer:Ana` finds them all;
        // "EDGE-1" with "EDGE-10".
        let ana = DashboardFixtures.figures.topCustomers.first { $0.name == "Ana" }
        #expect(ana?.figure.count == customers.filter { $0.key.lowercased().contains("ana") }.values.reduce(0, +))
        #expect(ana!.figure.count > customers["Ana"]! + customers["Anabel"]!)
        let edge = DashboardFixtures.figures.topSKUs.first { $0.name == "EDGE-1" }
        #expect(edge == nil || edge?.figure.count == skus["EDGE-1"]! + skus["EDGE-10"]!)
    }

    @Test func withoutAPromiseNothingIsOverdue() {
        let settings = DashboardSettings(now: DashboardFixtures.now, calendar: DashboardFixtures.calendar, periodDays: 90)
        let figures = DashboardFigures.compute(orders: DashboardFixtures.orders, settings: settings)
        #expect(figures.openByAge.allSatisfy { $0.overdue == nil })
        #expect(figures.assignees.allSatisfy { $0.overdue == nil })
        #expect(figures.unassignedOverdue == nil)
        #expect(figures.ordersPerDay.count == 90)
        #expect(figures.openByAge.map(\.open) == DashboardFixtures.figures.openByAge.map(\.open))
    }
}
