@testable import OrdersCore
@testable import OrdersPresentation
import Testing

/// A refresh asked for while one runs runs once more after it, however often it was asked.
@MainActor
@Suite struct CoalescedRefreshTests {
    /// Holds each run until the test lets it finish.
    @MainActor final class Gate {
        private var waiting: [CheckedContinuation<Void, Never>] = []
        var held: Int { waiting.count }

        func pass() async { await withCheckedContinuation { waiting.append($0) } }

        func open() { if !waiting.isEmpty { waiting.removeFirst().resume() } }

        /// Yields until a run is held here.
        func waitForHeldRun() async {
            while waiting.isEmpty { await Task.yield() }
        }
    }

    @Test func aBurstOfRequestsWhileOneRunsCostsOneMoreRunAfterIt() async {
        let gate = Gate()
        var finished = 0
        let refresh = CoalescedRefresh(work: ModelWork()) {
            await gate.pass()
            finished += 1
        }
        #expect(!refresh.isRunning && refresh.runs == 0)

        refresh.request()
        await gate.waitForHeldRun()
        #expect(refresh.isRunning && refresh.runs == 1 && gate.held == 1)

        // Three changes arrive while the first read is in flight: nothing new starts.
        for _ in 0..<3 { refresh.request() }
        for _ in 0..<10 { await Task.yield() }
        #expect(refresh.runs == 1 && gate.held == 1 && finished == 0)

        // The first ends: exactly one more starts, after it.
        gate.open()
        await gate.waitForHeldRun()
        #expect(refresh.runs == 2 && gate.held == 1 && finished == 1)

        gate.open()
        await refresh.waitUntilIdle()
        #expect(!refresh.isRunning && refresh.runs == 2 && finished == 2 && gate.held == 0)

        // Idle again: the next request runs at once, and alone.
        refresh.request()
        await gate.waitForHeldRun()
        #expect(refresh.runs == 3)
        gate.open()
        await refresh.waitUntilIdle()
        #expect(refresh.runs == 3 && finished == 3)
    }
}
