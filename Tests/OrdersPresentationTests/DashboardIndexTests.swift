import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The dashboard as the app runs it: figures read from the list's index equal brute force over the
/// orders (`compute(orders:)`, itself checked against brute force), live changes included; and every
/// number, handed to the list as a search, lists exactly the orders it counts.
@MainActor
@Suite struct DashboardIndexTests {
    typealias Fixture = DashboardFixtures

    @Test func theIndexGivesExactlyTheFiguresOfTheOrders() {
        let index = OrderIndex(Fixture.orders)
        #expect(DashboardFigures.compute(index: index, settings: Fixture.settings) == Fixture.figures)
        let ninety = DashboardSettings(now: Fixture.now, calendar: Fixture.calendar, periodDays: 90, topCount: 5)
        #expect(DashboardFigures.compute(index: index, settings: ninety) == DashboardFigures.compute(orders: Fixture.orders, settings: ninety))
    }

    @Test func afterChangesInPlaceTheIndexStillGivesTheFiguresOfTheChangedOrders() {
        var orders = Fixture.orders
        var index = OrderIndex(orders)
        // A recent open order cancelled, an open one reassigned in another case, a new order today
        // with a shop currency, and an old one refunded: each row rewritten in place, as live changes are.
        let recent = orders.indices.last { orders[$0].status == .pending && orders[$0].createdAt > Fixture.figures.periodStart }!
        orders[recent].status = .cancelled
        let open = orders.indices.first { orders[$0].status == .processing }!
        orders[open].assignee = "ZOË"
        var new = Order(id: OrderID(990_001), customerName: "Ana", email: "new@example.com", country: "DE", currency: .usd,
                        items: [LineItem(sku: "EDGE-1", title: "Edge", quantity: 2, unitPrice: 10)],
                        createdAt: Fixture.now.addingTimeInterval(-60), status: .processing, assignee: "zoë")
        new.shopCurrency = .eur
        new.shopTotal = 18.5
        new.exchangeRate = Decimal(string: "0.925")
        orders.append(new)
        let old = orders.indices.first { orders[$0].status == .completed }!
        orders[old].status = .refunded
        for position in [recent, open, orders.count - 1, old] { index.upsert(orders[position]) }

        #expect(DashboardFigures.compute(index: index, settings: Fixture.settings)
            == DashboardFigures.compute(orders: orders, settings: Fixture.settings))
    }

    /// Every figure of the dashboard of a loaded list, as `DashboardModel` computes it.
    static func loadedDashboard() async -> (OrderListModel, DashboardModel) {
        let store = InMemoryOrderStore(orders: Fixture.orders, now: { Fixture.now })
        let environment = PresentationEnvironment(now: { Fixture.now }, actor: "mia", highValueThreshold: 1000,
                                                  locale: Locale(identifier: "en_US"), calendar: Fixture.calendar,
                                                  recentChangeDuration: 60, bulkConfirmationThreshold: 3)
        let list = OrderListModel(store: store, environment: environment)
        list.start()
        await list.waitForPendingWork()
        let dashboard = DashboardModel(list: list, promise: Fixture.promise)
        dashboard.start()
        await dashboard.waitUntilCurrent()
        return (list, dashboard)
    }

    @Test func everyNumberAsASearchListsExactlyTheOrdersItCounts() async throws {
        let (list, dashboard) = await Self.loadedDashboard()
        let figures = try #require(dashboard.figures)
        #expect(figures == DashboardFigures.compute(orders: Fixture.orders, settings: DashboardSettings(
            now: Fixture.now, calendar: Fixture.calendar, periodDays: 30, promise: Fixture.promise,
            topCount: DashboardLayout.maximumRankingRows)))
        var listed = 0
        for panel in DashboardPanel.allCases {
            for item in dashboard.panels[panel]?.items ?? [] {
                let text = try #require(item.figure.query.searchText(calendar: Fixture.calendar), "\(panel) \(item.label)")
                list.searchTextChanged(text)
                let expected = item.figure.query.filter(Fixture.orders).map(\.id)
                #expect(list.queryError == nil, "\(text)")
                #expect(Set(list.visibleIDs) == Set(expected), "\(panel) \(item.label): \(text)")
                #expect(list.visibleIDs.count == item.figure.count, "\(panel) \(item.label)")
                listed += 1
            }
        }
        #expect(listed >= 30 + 30 + 5 + 6 + 2 + 8 + 8, "every day, bucket, status, rate and top entry was listed")
        // The oldest bucket, as the end-to-end test opens it.
        let oldest = try #require(dashboard.panels[.openByAge]?.items.last)
        #expect(oldest.label == ">7d" && oldest.figure.count > 0)
    }

    @Test func theModelFollowsTheListsLiveChanges() async throws {
        let (list, dashboard) = await Self.loadedDashboard()
        let before = try #require(dashboard.figures)
        // Another operator cancels the newest open order of the oldest bucket.
        let oldest = try #require(before.openByAge.last?.open.query.filter(Fixture.orders).first)
        let handled = list.changesHandled
        _ = try await list.store.update(oldest.id, expectedVersion: oldest.version, mutations: [.setStatus(.cancelled)], actor: "ana")
        await list.waitForChangesHandled(handled + 1)
        await list.waitForPendingWork()
        await dashboard.waitUntilCurrent()
        let changed = try #require(try await list.store.order(oldest.id))
        var orders = Fixture.orders
        orders[orders.firstIndex { $0.id == oldest.id }!] = changed
        let after = try #require(dashboard.figures)
        #expect(after == DashboardFigures.compute(orders: orders, settings: DashboardSettings(
            now: Fixture.now, calendar: Fixture.calendar, periodDays: 30, promise: Fixture.promise,
            topCount: DashboardLayout.maximumRankingRows)))
        #expect(after.openByAge.last?.open.count == before.openByAge.last!.open.count - 1)
    }

    @Test func aFigureWhoseBoundsAreNotWholeSecondsIsNotWrittenAsASearch() {
        let query = OrderQuery(filters: [OrderFilter(.createdBefore(Fixture.now.addingTimeInterval(0.25)))])
        #expect(query.searchText(calendar: Fixture.calendar) == nil)
        let quoted = OrderQuery(filters: [OrderFilter(.customer("Ana Lima")), OrderFilter(.text("flagged")),
                                          OrderFilter(.assignee("")), OrderFilter(.status([.processing, .pending]))])
        #expect(quoted.searchText(calendar: Fixture.calendar) == "customer:\"Ana Lima\" \"flagged\" assignee:none status:pending,processing")
        #expect(OrderQuery(filters: [OrderFilter(.customer("Say \"hi\""))]).searchText(calendar: Fixture.calendar) == nil)
    }
}
