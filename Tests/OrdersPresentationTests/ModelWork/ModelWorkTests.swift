import Foundation
@testable import OrdersPresentation
import Testing

/// `ModelWork`, where every presentation model starts its work: it counts each kind, and
/// `waitUntilIdle` returns once the work that ends by itself has ended, whatever feeds and
/// timers are still waiting.
@MainActor
@Suite struct ModelWorkTests {
    @Test func waitUntilIdleWaitsForWorkStartedOnTheWayButNotForFeedsOrTimers() async {
        let work = ModelWork()
        let (gate, open) = AsyncStream<Void>.makeStream()
        var steps: [String] = []
        // A feed and a timer that only end when cancelled.
        let feed = work.following { for await _ in AsyncStream<Void>.makeStream().stream {} }
        let timer = work.timer { try? await Task.sleep(for: .seconds(3600)) }
        work.onMain {
            for await _ in gate { break }
            steps.append("first")
            // Work started by work: waited for too.
            work.onMain { steps.append("second") }
        }
        let background = work.inBackground { 42 }
        #expect(work.feeds == 1)
        #expect(work.timers == 1)
        #expect(await background.value == 42)

        let waiter = Task { @MainActor in
            await work.waitUntilIdle()
            steps.append("idle")
        }
        await Task.yield()
        #expect(steps == [])
        open.yield()
        await waiter.value
        #expect(steps == ["first", "second", "idle"])
        #expect(work.running == 0)
        #expect(work.feeds == 1)
        #expect(work.timers == 1)

        feed.cancel()
        timer.cancel()
        await feed.value
        await timer.value
        #expect(work.feeds == 0)
        #expect(work.timers == 0)
    }

    @Test func waitUntilIdleReturnsAtOnceWhenNothingRuns() async {
        let work = ModelWork()
        await work.waitUntilIdle()
        #expect(work.running == 0)
    }
}
