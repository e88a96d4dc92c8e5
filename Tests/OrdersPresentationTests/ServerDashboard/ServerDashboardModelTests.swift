import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// The dashboard of a list served by PostgreSQL: the figures come from the server (equal to the
/// index's over the same orders, with the list holding only its window), follow another operator's
/// change through the store's feed, and the screen's model says when the database is unreachable.
@MainActor
@Suite("Dashboard model on a server-served list")
struct ServerDashboardModelTests {
    static let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday,
                                           timeZone: TimeZone(identifier: "UTC")!)
    static let orders = DemoDataGenerator(seed: 14, now: OrderFixtures.now).orders(count: 400)

    /// A started list over `store` served by the server (threshold 50), and its started dashboard.
    func servedDashboard(_ store: PostgresOrderStore, clock: TestClock,
                         reconnectedNotice: TimeInterval = 3) async -> (OrderListModel, DashboardModel) {
        var environment = PresentationFixtures.environment(clock: clock)
        environment.serverListThreshold = 50
        environment.reconnectedNoticeDuration = reconnectedNotice
        let list = OrderListModel(store: store, environment: environment)
        list.setPageHeight(10)
        list.start()
        await list.waitForPendingWork()
        let dashboard = DashboardModel(list: list, promise: Self.promise)
        dashboard.start()
        await dashboard.waitUntilCurrent()
        return (list, dashboard)
    }

    /// What the app computes below the threshold: the index of every order the store holds.
    func indexFigures(_ store: PostgresOrderStore, _ dashboard: DashboardModel, clock: TestClock) async throws -> DashboardFigures {
        let index = try await IndexedListSource.buildIndex(from: store, batchSize: 500) { _ in }
        return DashboardFigures.compute(index: index, settings: dashboard.settings(now: clock.now, calendar: OrderFixtures.utcCalendar))
    }

    @Test func theServersFiguresAreShownAndFollowAnotherOperatorsChange() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: connectionString)
        try await store.insert(Self.orders)
        let clock = TestClock()
        let (list, dashboard) = await servedDashboard(store, clock: clock)
        #expect(list.isServedByServer)
        #expect(list.index.count < Self.orders.count, "the list holds its window, not every order")
        let before = try #require(dashboard.figures)
        #expect(before == (try await indexFigures(store, dashboard, clock: clock)))
        #expect(before.periodOrders.count > 0 && !dashboard.isUpdating)
        #expect(dashboard.panels[.openByAge]?.items.count == AgeBucket.allCases.count)
        let runsBefore = dashboard.feedRefresh.runs

        // Another operator cancels two orders still to ship, on their own connection.
        let other = try PostgresOrderStore(connectionString: connectionString)
        let open = Self.orders.filter(\.status.awaitsShipment)
        #expect(open.count == before.openByAge.reduce(0) { $0 + $1.open.count } && open.count >= 2)
        for order in open.prefix(2) {
            try await other.update(order.id, expectedVersion: order.version, mutations: [.setStatus(.cancelled)], actor: "ana")
        }
        try await eventually("the figures to count two open orders fewer") { dashboard.figures?.openByAge.reduce(0) { $0 + $1.open.count } == open.count - 2 }
        await dashboard.waitUntilCurrent()
        #expect(dashboard.figures == (try await indexFigures(store, dashboard, clock: clock)))
        // Two notices cost one or two reads (coalesced), never more than one per notice.
        let runs = dashboard.feedRefresh.runs - runsBefore
        #expect(runs >= 1 && runs <= 2)
        dashboard.stop()
        list.stopObservingChanges()
        await other.close()
        await store.close()
    }

    @Test func theDashboardSaysWhenTheDatabaseIsUnreachableAndCatchesUpAfterwards() async throws {
        let server = try PostgresTestServer.makePrivate()
        defer { server.shutDown() }
        let connectionString = try server.makeDatabase()
        let store = try PostgresOrderStore(connectionString: connectionString)
        try await store.insert(Self.orders)
        let clock = TestClock()
        let (list, dashboard) = await servedDashboard(store, clock: clock, reconnectedNotice: 0.2)
        #expect(list.isServedByServer && dashboard.connectionText == nil)
        #expect(dashboard.figures == (try await indexFigures(store, dashboard, clock: clock)))

        try server.stop()
        try await eventually("the dashboard to say the database is unreachable") { dashboard.connectionText == "Database unreachable — reconnecting…" }
        try server.start()
        // Another operator, as soon as the server is back.
        let other = try PostgresOrderStore(connectionString: connectionString)
        let open = Self.orders.filter(\.status.awaitsShipment)
        let order = try #require(open.first)
        try await other.update(order.id, expectedVersion: order.version, mutations: [.setStatus(.cancelled)], actor: "ana")

        try await eventually("the figures to count one open order fewer") { dashboard.figures?.openByAge.reduce(0) { $0 + $1.open.count } == open.count - 1 }
        try await eventually("Reconnected on the dashboard") { dashboard.connectionText == "Reconnected" }
        try await eventually("the notice's timer to start") { clock.sleeperCount == 1 }
        clock.advance(by: 0.2)
        try await eventually("the connection notice to go") { dashboard.connectionText == nil }
        await dashboard.waitUntilCurrent()
        #expect(dashboard.figures == (try await indexFigures(store, dashboard, clock: clock)))
        dashboard.stop()
        list.stopObservingChanges()
        await other.close()
        await store.close()
    }
}
