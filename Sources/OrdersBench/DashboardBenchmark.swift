import Foundation
import OrdersCore

/// Times computing the dashboard's figures at 1,000,000 orders (30 and 90 days, with a working-day
/// promise), the work a dashboard does off the main actor before its first frame and after a change.
enum DashboardBenchmark {
    static let orderCount = 1_000_000

    static func run() {
        print("dashboard benchmark: \(orderCount) orders")
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        var clock = ContinuousClock.now
        let orders = DemoDataGenerator(seed: 7, now: now).orders(count: orderCount)
        print("  generated in \(ContinuousClock.now - clock)")
        var calendar = Calendar(identifier: .gregorian)
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .current
        calendar.timeZone = zone
        let promise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday, timeZone: zone)
        for days in [30, 90] {
            let settings = DashboardSettings(now: now, calendar: calendar, periodDays: days, promise: promise)
            var samples: [Double] = []
            var figures: DashboardFigures?
            for _ in 0..<5 {
                clock = .now
                figures = DashboardFigures.compute(orders: orders, settings: settings)
                let elapsed = ContinuousClock.now - clock
                samples.append(Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
            }
            samples.sort()
            print(String(format: "  figures over %d days: median %.0f ms, min %.0f ms (%d orders in the period, %d open)",
                         days, samples[samples.count / 2], samples[0], figures?.periodOrders.count ?? 0,
                         figures?.openByAge.reduce(0) { $0 + $1.open.count } ?? 0))
        }
    }
}
