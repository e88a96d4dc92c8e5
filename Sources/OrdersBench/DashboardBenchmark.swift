import Foundation
import OrdersCore
import OrdersInterchange
import OrdersPresentation
import OrdersScreens
import OrdersStorage
import TermRender

/// Times the dashboard at 1,000,000 orders as the app runs it: the first frame (figures read from
/// the list's index off the main actor, formatted, and the screen drawn at 120x40) and one live
/// change (another operator's change merged into the list, the figures computed again and drawn),
/// with a two-working-day promise. For comparison, once: the figures folded from full orders.
enum DashboardBenchmark {
    static let orderCount = 1_000_000

    @MainActor
    static func run() async {
        print("dashboard benchmark: \(orderCount) orders")
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        var clock = ContinuousClock.now
        let orders = DemoDataGenerator(seed: 7, now: now).orders(count: orderCount)
        let store = InMemoryOrderStore(orders: orders, now: { now })
        print("  generated in \(ContinuousClock.now - clock)")
        var calendar = Calendar(identifier: .gregorian)
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .current
        calendar.timeZone = zone
        let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday, timeZone: zone)
        let environment = PresentationEnvironment(now: { now }, actor: "bench", locale: Locale(identifier: "en_US"),
                                                  calendar: calendar)
        let list = OrderListModel(store: store, environment: environment)
        clock = .now
        list.start()
        await list.waitForPendingWork()
        print("  list loaded and indexed in \(ContinuousClock.now - clock)")

        let dashboard = DashboardModel(list: list, promise: promise)
        let size = Size(width: 120, height: 40)
        dashboard.setLayout(DashboardLayout(width: size.width, height: size.height))
        let screen = DashboardScreen(model: dashboard, databaseName: "bench.db", hints: [])
        clock = .now
        dashboard.start()
        await dashboard.waitUntilCurrent()
        _ = FrameRenderer.render(screen, size: size, environment: EnvironmentValues())
        print(String(format: "  first frame (30 days): %.0f ms (%d orders in the period, %d still to ship)",
                     milliseconds(since: clock), dashboard.figures?.periodOrders.count ?? 0,
                     dashboard.figures?.openByAge.reduce(0) { $0 + $1.open.count } ?? 0))
        clock = .now
        dashboard.togglePeriod()
        await dashboard.waitUntilCurrent()
        _ = FrameRenderer.render(screen, size: size, environment: EnvironmentValues())
        print(String(format: "  switch to 90 days: %.0f ms", milliseconds(since: clock)))
        dashboard.togglePeriod()
        await dashboard.waitUntilCurrent()

        // Another operator cancels an open order: the feed brings it, the list merges it, the
        // dashboard computes again and draws.
        var samples: [Double] = []
        let open = orders.lazy.filter { $0.status.awaitsShipment }.prefix(5)
        for order in open {
            let handled = list.changesHandled
            clock = .now
            do {
                _ = try await store.update(order.id, expectedVersion: order.version, mutations: [.setStatus(.cancelled)],
                                           actor: "someone else")
            } catch {
                print("  live change failed: \(error)")
                return
            }
            await list.waitForChangesHandled(handled + 1)
            await list.waitForPendingWork()
            await dashboard.waitUntilCurrent()
            _ = FrameRenderer.render(screen, size: size, environment: EnvironmentValues())
            samples.append(milliseconds(since: clock))
        }
        samples.sort()
        print(String(format: "  one live change, merged and drawn: median %.0f ms, max %.0f ms (%d changes; budget one frame per change, figures computed off the main actor)",
                     samples[samples.count / 2], samples[samples.count - 1], samples.count))

        clock = .now
        let settings = DashboardSettings(now: now, calendar: calendar, periodDays: 30, promise: promise)
        _ = DashboardFigures.compute(orders: orders, settings: settings)
        print(String(format: "  for comparison, the same figures folded from full orders: %.0f ms", milliseconds(since: clock)))
        dashboard.stop()
    }
}
