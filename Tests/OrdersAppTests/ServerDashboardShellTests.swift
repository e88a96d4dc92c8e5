import Foundation
import OrdersApp
import OrdersCore
import OrdersPresentation
import OrdersStorage
import TermRender
import TerminalTestSupport
import Testing

/// The whole app on a PostgreSQL database whose list the server serves: `D` shows the figures the
/// server computed, and another operator's change reaches them through the store's feed.
@Suite("Dashboard of a server-served list, in the app")
@MainActor
struct ServerDashboardShellTests {
    @Test func pressingDShowsTheServersFiguresAndFollowsAnotherOperator() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: connectionString)
        try await store.insert(AppFixtures.sample)
        var config = AppConfig()
        config.serverListThreshold = AppFixtures.sample.count
        let app = await ShellStore.start(size: Size(width: 80, height: 24), config: config, store: store)
        #expect(app.coordinator.list.isServedByServer)

        await app.type("D") {
            $0.routes = [.list, .dashboard]
            $0.dashboard = "30d openByAge >7d"
        }
        let dashboard = app.coordinator.dashboard
        await dashboard.waitUntilCurrent()
        let settings = DashboardSettings(now: AppFixtures.now, calendar: AppFixtures.environment.calendar,
                                         topCount: DashboardLayout.maximumRankingRows)
        let before = try await store.dashboardFigures(settings: settings)
        #expect(dashboard.figures == before)
        #expect(before.periodOrders.count > 0)
        await app.shell.settle()
        let screenBefore = app.screen
        #expect(screenBefore[0].hasPrefix("orders test.db dashboard"))

        // Another operator cancels an order still to ship.
        let other = try PostgresOrderStore(connectionString: connectionString)
        let open = try #require(AppFixtures.sample.first { $0.status.awaitsShipment })
        try await other.update(open.id, expectedVersion: open.version, mutations: [.setStatus(.cancelled)], actor: "ana")
        let after = try await store.dashboardFigures(settings: settings)
        #expect(after != before)
        try await eventually("the dashboard to show the figures after the other operator's change") { dashboard.figures == after }
        await app.shell.settle()
        #expect(app.screen != screenBefore, "the screen shows the new figures")
        #expect(app.coordinator.routes == [.list, .dashboard])
        await other.close()
    }
}
