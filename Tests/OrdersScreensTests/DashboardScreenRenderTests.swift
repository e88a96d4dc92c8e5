import Foundation
import OrdersCore
import OrdersInterchange
import OrdersPresentation
@testable import OrdersScreens
import OrdersStorage
import TermRender
import TermRenderTesting
import Testing

/// The dashboard drawn from generated orders at 80x24 (the panels that fit), 120x40, 200x60 and
/// 250x80 (all of them, the rankings grown into the rows left, the sparklines across their panels), in colour with block characters and in monochrome with ASCII, compared as whole
/// screens with their styles (snapshots in Tests/Snapshots/OrdersScreensTests).
@MainActor
@Suite("Dashboard screen rendering")
struct DashboardScreenRenderTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_790_000_000) // 2026-09-21 14:13:20 UTC
    nonisolated static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 200, height: 60),
                                           Size(width: 250, height: 80)]
    static let hints = AppKeymap.hints(AppKeymap.defaults(), contexts: [.dashboard, .global])

    /// A dashboard over 3,000 demo orders with a two-working-day promise, figures computed.
    static func dashboard() async -> DashboardModel {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let orders = DemoDataGenerator(seed: 16, now: now).orders(count: 3_000)
        let environment = PresentationEnvironment(now: { now }, actor: "tester", locale: Locale(identifier: "en_US"), calendar: calendar)
        let list = OrderListModel(store: InMemoryOrderStore(orders: orders, now: { now }), environment: environment)
        list.load()
        await list.waitForPendingWork()
        let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday, timeZone: calendar.timeZone)
        let model = DashboardModel(list: list, promise: promise)
        model.start()
        await model.waitUntilCurrent()
        return model
    }

    static func monochromeASCII() -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.theme = .monochrome
        environment.colorCapability = .none
        environment.chartGlyphs = .ascii
        return environment
    }

    @Test(arguments: sizes)
    func dashboard(size: Size) async {
        let model = await Self.dashboard()
        model.setLayout(DashboardLayout(width: size.width, height: size.height))
        let screen = DashboardScreen(model: model, databaseName: "shop.db", hints: Self.hints)
        let name = "\(size.width)x\(size.height)"
        expectSnapshot(FrameRenderer.render(screen, size: size, environment: EnvironmentValues()), named: "dashboard-\(name)")
        expectSnapshot(FrameRenderer.render(screen, size: size, environment: Self.monochromeASCII()),
                       named: "dashboard-ascii-\(name)")
    }

    @Test("focus moves with the keys' model calls: the focused panel's heading names the number Enter opens")
    func focusedPanel() async {
        let model = await Self.dashboard()
        model.setLayout(DashboardLayout(width: 120, height: 40))
        model.moveFocus(panelsBy: 1)
        model.moveFocus(itemsBy: 1)
        #expect(model.focus == DashboardFocus(panel: .assignees, item: 1))
        let screen = DashboardScreen(model: model, databaseName: "shop.db", hints: Self.hints)
        expectSnapshot(FrameRenderer.render(screen, size: Size(width: 120, height: 40), environment: EnvironmentValues()),
                       named: "dashboard-assignee-focused-120x40")
    }

    @Test("the layout drops the least important panels on small screens and shows all from 120x40")
    func layout() {
        #expect(DashboardLayout(width: 80, height: 24).columns
            == [[.ordersPerDay, .assignees, .revenueByStatus], [.openByAge, .revenuePerDay, .rates]])
        #expect(DashboardLayout(width: 60, height: 24).columns == [[.ordersPerDay, .openByAge, .assignees]])
        #expect(Set(DashboardLayout(width: 120, height: 40).panels) == Set(DashboardPanel.allCases))
        #expect(DashboardLayout(width: 250, height: 80).columns.count == 3)
        #expect(DashboardLayout(width: 250, height: 80).barRows == 10)
    }

    /// The rankings grow into the rows their column has left, a row at a time, top first, up to 20:
    /// 80x24 has 22 rows under the title, the last kept for the connection's notice; the first
    /// column holds orders per day (4), the assignees (2 + 5) and revenue by status (2 + 6): 19, so
    /// the assignees grow by 2 to 7.
    /// 200x60: 58 rows; each panel in turn into the shortest column: [orders per day 4, revenue per
    /// day 4, revenue by status 8] (16 rows), [still to ship by age 8, rates 4, top customers 2 + 10]
    /// (24) and [assignees 2 + 10, top SKUs 2 + 10] (24). Top customers grow by 10 to the cap of 20
    /// (34 of 58 rows); the assignees and top SKUs share the third column's 33 spare rows (one
    /// kept for the notice) and stop at 20 each (44 rows). The first column has no ranking, so it keeps its 16 rows.
    @Test("the rankings grow into their column's spare rows, up to 20 bars")
    func rankingsGrow() {
        let small = DashboardLayout(width: 80, height: 24)
        #expect(small.rankingRows == [.assignees: 7])
        #expect(small.rows(of: .assignees) == 9)
        let wide = DashboardLayout(width: 200, height: 60)
        #expect(wide.rankingRows == [.assignees: 20, .topCustomers: 20, .topSKUs: 20])
        #expect(wide.rows(of: .topSKUs) == 22)
        #expect(wide.rows(of: .ordersPerDay) == 4)
    }
}
