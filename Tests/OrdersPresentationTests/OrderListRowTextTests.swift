import Foundation
import OrdersTestSupport
import Testing
@testable import OrdersCore

/// Row texts are cached between frames; these prove the cache never shows stale text.
@MainActor
@Suite("Order list rows stay current while their texts are cached")
struct OrderListRowTextTests {
    @Test("a status change shows at once, and a relative date ages with the clock")
    func cachedTextsFollowChangesAndTime() async throws {
        let clock = TestClock()
        let (model, _) = await PresentationFixtures.loadedModel([OrderFixtures.order(1, hoursAgo: 0.5)], clock: clock)
        let first = try #require(model.row(at: 0))
        #expect(first.statusText == "Pending")
        #expect(first.dateText == "30m ago")
        // Moving the selection must not change the texts (they are served from the cache).
        model.moveSelection(by: 0)
        #expect(model.row(at: 0)?.dateText == "30m ago")

        _ = model.perform(.advance)
        #expect(model.row(at: 0)?.statusText == "Processing")

        clock.advance(by: 2 * 3_600)
        #expect(model.row(at: 0)?.dateText == "2h ago")
        await model.waitForPendingWork()
    }
}
