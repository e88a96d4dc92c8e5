import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// The dashboard's figures computed by PostgreSQL (`DashboardFiguresStore`) against the list's
/// index over the same orders (`compute(index:)`, what the app runs below the server-list
/// threshold): whole values equal, every figure's query included, for 30 and 90 days, with and
/// without a fulfilment promise; and the edges a grouped query can get wrong.
@Suite("Dashboard figures computed by PostgreSQL")
struct ServerDashboardFiguresTests {
    typealias Fixture = DashboardFixtures

    /// A fresh database on the test server holding `orders`.
    static func store(holding orders: [Order]) async throws -> PostgresOrderStore {
        let store = try PostgresOrderStore(connectionString: try PostgresTestServer.shared.get().makeDatabase())
        try await store.insert(orders)
        return store
    }

    /// The figures the app computes from the list's index, built from the store's own rows.
    static func indexFigures(_ store: PostgresOrderStore, _ settings: DashboardSettings) async throws -> DashboardFigures {
        let index = try await IndexedListSource.buildIndex(from: store, batchSize: 1_000) { _ in }
        return DashboardFigures.compute(index: index, settings: settings)
    }

    static func settings(days: Int, promise: Bool, topCount: Int = 10) -> DashboardSettings {
        DashboardSettings(now: Fixture.now, calendar: Fixture.calendar, periodDays: days,
                          promise: promise ? Fixture.promise : nil, topCount: topCount)
    }

    @Test("3,000 demo orders: the server's figures equal the index's, 30 and 90 days, with and without a promise")
    func demoOrders() async throws {
        // The shop model's statuses, currencies (a shop currency on some), assignees and SKUs.
        let orders = DemoDataGenerator(seed: 16, now: Fixture.now).orders(count: 3_000)
        #expect(Set(orders.map(\.reportingCurrency)).count >= 3)
        #expect(Set(orders.compactMap(\.assignee)).count >= 3)
        #expect(Set(orders.map(\.status)) == Set(OrderStatus.allCases))
        let store = try await Self.store(holding: orders)
        for days in [30, 90] {
            for promise in [true, false] {
                let settings = Self.settings(days: days, promise: promise)
                let served = try await store.dashboardFigures(settings: settings)
                let expected = try await Self.indexFigures(store, settings)
                #expect(served == expected, "\(days) days, promise \(promise)")
                // Not an empty agreement: the period, the buckets, the rankings and money are there.
                #expect(served.periodOrders.count > 100 && served.topCustomers.count == 10 && served.topSKUs.count == 10)
                #expect(served.assignees.count >= 3 && served.ordersPerCurrency.count >= 3)
                #expect(served.openByAge.allSatisfy { ($0.overdue != nil) == promise })
                #expect(served.revenuePerStatus.values.contains { !$0.totals.isEmpty })
            }
        }
        // The reference over the full orders read back agrees too.
        var readBack: [Order] = []
        for try await batch in store.scanAll(batchSize: 1_000) { readBack += batch }
        let settings = Self.settings(days: 30, promise: true)
        #expect(try await store.dashboardFigures(settings: settings) == DashboardFigures.compute(orders: readBack, settings: settings))
        await store.close()
    }

    @Test("an empty database: every count zero, every figure with its query")
    func emptyDatabase() async throws {
        let store = try await Self.store(holding: [])
        for promise in [true, false] {
            let settings = Self.settings(days: 30, promise: promise)
            let served = try await store.dashboardFigures(settings: settings)
            #expect(served == DashboardFigures.compute(index: OrderIndex(), settings: settings))
            #expect(served.ordersPerDay.count == 30 && served.ordersPerDay.allSatisfy { $0.count == 0 })
            #expect(served.topCustomers.isEmpty && served.topSKUs.isEmpty && served.assignees.isEmpty)
            #expect(served.ordersPerCurrency.isEmpty && served.openByAge.allSatisfy { $0.open.count == 0 })
        }
        await store.close()
    }

    /// Hand-made orders on the edges: exactly at midnights (Berlin's), at the period's ends and the
    /// age buckets' bounds; days without orders; ties in both top lists; an operator in two cases;
    /// a shop currency beside the customer's.
    static var edgeOrders: [Order] {
        let calendar = Fixture.calendar, now = Fixture.now
        let today = calendar.startOfDay(for: now)
        func midnight(_ daysBack: Int) -> Date { calendar.date(byAdding: .day, value: -daysBack, to: today)! }
        func order(_ number: Int, _ customer: String, _ created: Date, _ status: OrderStatus, assignee: String? = nil,
                   skus: [String] = ["EDGE-1"], currency: Currency = .eur) -> Order {
            Order(id: OrderID(number), customerName: customer, email: "edge\(number)@example.com", country: "DE", currency: currency,
                  items: skus.map { LineItem(sku: $0, title: "Edge", quantity: 1, unitPrice: Decimal(number) + Decimal(string: "0.05")!) },
                  createdAt: created, status: status, assignee: assignee)
        }
        var shopCurrency = order(12, "Cem", midnight(3).addingTimeInterval(3_600), .shipped, currency: .usd)
        shopCurrency.shopCurrency = .eur
        shopCurrency.shopTotal = Decimal(string: "11.11")!
        shopCurrency.exchangeRate = Decimal(string: "0.925")
        return [
            order(1, "Ana", midnight(29), .completed),                                  // the period's first instant
            order(2, "Ana", midnight(29).addingTimeInterval(-0.001), .completed),       // a millisecond before it
            order(3, "Bea", midnight(5), .pending, assignee: "Zoë"),                    // exactly at a midnight: that day
            order(4, "Bea", midnight(5).addingTimeInterval(-0.001), .processing, assignee: "ZOË"), // the day before
            order(5, "Cem", midnight(0), .processing, assignee: "zoë", skus: ["EDGE-2", "EDGE-2"]), // today's midnight
            order(6, "Anabel", now, .pending, skus: ["EDGE-2"]),                        // now: the youngest bucket
            order(7, "Dan", now.addingTimeInterval(-86_400), .pending, assignee: "Ola", skus: ["EDGE-3"]), // exactly a day old
            order(8, "Dan", now.addingTimeInterval(-7 * 86_400), .processing, skus: ["EDGE-3"]), // exactly seven days old
            order(9, "Eva", midnight(-1), .pending),                                    // tomorrow's midnight: after the period
            order(10, "Eva", now.addingTimeInterval(-40 * 86_400), .processing, assignee: "Ola"), // long overdue, before the period
            order(11, "Eva", midnight(12), .cancelled),
            shopCurrency,
            order(13, "Ana", midnight(1).addingTimeInterval(60), .refunded, currency: .usd),
        ]
    }

    @Test("edges: midnights, the period's ends, bucket bounds, empty days, ties and spellings")
    func edges() async throws {
        let store = try await Self.store(holding: Self.edgeOrders)
        for days in [30, 90] {
            for promise in [true, false] {
                for topCount in [2, 10] {
                    let settings = Self.settings(days: days, promise: promise, topCount: topCount)
                    #expect(try await store.dashboardFigures(settings: settings) == (try await Self.indexFigures(store, settings)),
                            "\(days) days, promise \(promise), top \(topCount)")
                }
            }
        }
        let figures = try await store.dashboardFigures(settings: Self.settings(days: 30, promise: true, topCount: 2))
        // Day 0 is 29 days back: order 1 on day 0, 11 on 17, 8 on 22, 4 on 23, 3 on 24 (its midnight), 12 on 26,
        // 7 and 13 on 28, 5 (today's midnight) and 6 today; every other day has none.
        var perDay = Array(repeating: 0, count: 30)
        for (day, count) in [0: 1, 17: 1, 22: 1, 23: 1, 24: 1, 26: 1, 28: 2, 29: 2] { perDay[day] = count }
        #expect(figures.ordersPerDay.map(\.count) == perDay)
        #expect(figures.periodOrders.count == 10)
        // Ties: Ana 2 (1, 13), Bea 2, Cem 2, Dan 2 — the first two by name; "Ana" also finds "Anabel".
        #expect(figures.topCustomers.map(\.name) == ["Ana", "Bea"])
        #expect(figures.topCustomers.map(\.figure.count) == [3, 2])
        // EDGE-1 in 7 orders, EDGE-2 in 2 (once each, though order 5 has it on two lines), EDGE-3 in 2: EDGE-2 by name.
        #expect(figures.topSKUs.map(\.name) == ["EDGE-1", "EDGE-2"])
        #expect(figures.assignees.map(\.name) == ["Zoë", "Ola"])
        #expect(figures.assignees.map(\.figure.count) == [3, 2])
        // Still to ship with nobody assigned: 6, 8 and 9 (the others are Zoë's three and Ola's two).
        #expect(figures.unassigned.count == 3)
        #expect(Set(figures.unassigned.query.filter(Self.edgeOrders).map(\.id)) == [OrderID(6), OrderID(8), OrderID(9)])
        // Exactly a day old (7) is under a day, as tomorrow's (9); exactly seven days (8) is 3–7d.
        #expect(figures.openByAge.map(\.open.count) == [4, 0, 0, 3, 1])
        #expect(figures.ordersPerCurrency == [.eur: 9, .usd: 1])
        #expect(figures.revenuePerStatus[.shipped]?.totals == [.eur: Decimal(string: "11.11")!])
        await store.close()
    }

    @Test("a name written composed and decomposed is one customer and one SKU, as Swift's strings are")
    func canonicallyEquivalentNames() async throws {
        let now = Fixture.now
        func order(_ number: Int, _ customer: String, sku: String) -> Order {
            Order(id: OrderID(number), customerName: customer, email: "same\(number)@example.com", country: "FR", currency: .eur,
                  items: [LineItem(sku: sku, title: "Tasse", quantity: 1, unitPrice: 10)],
                  createdAt: now.addingTimeInterval(-Double(number) * 3_600), status: .processing)
        }
        let composed = "Zo\u{E9}", decomposed = "Zoe\u{301}"
        // Byte by byte each spelling has one order, as "Bob" and "BOL-1" have: the first by name would win a top 1.
        let store = try await Self.store(holding: [
            order(1, composed, sku: "TAS-\u{C9}"), order(2, decomposed, sku: "TAS-E\u{301}"), order(3, "Bob", sku: "BOL-1"),
        ])
        let settings = Self.settings(days: 30, promise: false, topCount: 1)
        let figures = try await store.dashboardFigures(settings: settings)
        #expect(figures == (try await Self.indexFigures(store, settings)))
        #expect(figures.topCustomers.map(\.name) == [composed])
        #expect(figures.topCustomers.map(\.figure.count) == [2])
        #expect(figures.topSKUs.map(\.name) == ["TAS-\u{C9}"])
        #expect(figures.topSKUs.map(\.figure.count) == [2])
        await store.close()
    }
}
