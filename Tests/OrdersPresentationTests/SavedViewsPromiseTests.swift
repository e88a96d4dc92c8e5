import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A saved view of `overdue` (or `due<…`) reads with the config's fulfilment promise, as the list's
/// own search does: its tab shows its count, not an error, and showing it lists exactly the late
/// orders. Without a promise the tab shows why it cannot be used.
@Suite("Saved views with a fulfilment promise")
@MainActor
struct SavedViewsPromiseTests {
    static let late = SavedView(name: "Late", query: "overdue", sort: "date:asc",
                                createdAt: OrderFixtures.now, updatedBy: "bo")

    static func views(promise: FulfilmentPromise?) async throws -> (SavedViewsModel, OrderListModel) {
        let clock = TestClock()
        let store = InMemoryOrderStore(orders: OrderFixtures.sample, now: { clock.now })
        var environment = PresentationFixtures.environment(clock: clock)
        environment.fulfilmentPromise = promise
        let list = OrderListModel(store: store, environment: environment)
        list.load()
        await list.waitForPendingWork()
        try await store.saveView(late, replacing: false)
        let views = SavedViewsModel(list: list, store: store, personalStore: nil)
        views.reload()
        await views.waitForPendingWork()
        return (views, list)
    }

    @Test func aViewOfOverdueCountsWithThePromise() async throws {
        // One day, every day counting: the unpaid orders 1 (30 hours old) and 7 (50 hours) are late;
        // 2 (processing, 2 hours) is not; the others have shipped, closed or ended.
        let promise = FulfilmentPromise(allowance: .days(1), timeZone: TimeZone(identifier: "UTC") ?? .current)
        let (views, list) = try await Self.views(promise: promise)
        #expect(views.tabs.map(\.label) == [" To fulfil 1 ", " Unpaid > 3 days 0 ", " High risk 0 ", " Mine 1 ", " Late 2 "])
        #expect(views.tabs.map(\.problem) == [nil, nil, nil, nil, nil])
        #expect(views.show("late"))
        #expect(list.queryError == nil, "\(String(describing: list.queryError))")
        #expect(list.visibleNumbers == [7, 1])
    }

    @Test func withoutAPromiseTheTabSaysWhatIsMissing() async throws {
        let (views, _) = try await Self.views(promise: nil)
        #expect(views.tabs.last?.label == " Late ! ")
        #expect(views.tabs.last?.problem == SearchQueryParser.noPromiseMessage)
        #expect(SavedViewsPromiseTests.late.problem(now: OrderFixtures.now, calendar: .current,
                                                    promise: nil, actor: "bo") == SearchQueryParser.noPromiseMessage)
    }
}
