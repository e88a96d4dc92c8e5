import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
import Testing

/// The dashboard model shows the last figures until newer ones are computed, and the latest refresh wins.
@MainActor
@Suite struct DashboardModelTests {
    @Test func aRefreshShowsTheFiguresOfItsOrdersAndTheLatestRefreshWins() async {
        let now = Date(timeIntervalSince1970: 1_795_452_000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let settings = DashboardSettings(now: now, calendar: calendar, periodDays: 30)
        let many = DemoDataGenerator(seed: 3, now: now).orders(count: 2_000)
        let few = Array(many.prefix(100))
        let model = DashboardModel()
        #expect(model.figures == nil && !model.isUpdating)

        model.refresh(orders: many, settings: settings)
        #expect(model.isUpdating)
        model.refresh(orders: few, settings: settings)
        await model.waitForRefresh()
        #expect(model.figures == DashboardFigures.compute(orders: few, settings: settings))
        #expect(!model.isUpdating)

        model.refresh(orders: many, settings: settings)
        #expect(model.isUpdating)
        #expect(model.figures == DashboardFigures.compute(orders: few, settings: settings), "the last figures stay until the new ones arrive")
        await model.waitForRefresh()
        #expect(model.figures == DashboardFigures.compute(orders: many, settings: settings))
    }
}
