/// Runs a refresh at most once at a time: asked while one runs, it runs once more after it,
/// however many times it was asked meanwhile. For work triggered by a feed of changes (the
/// dashboard's figures on a server): a burst of other operators' changes costs two reads, not one
/// per change, and the last read always starts after the last change arrived.
@MainActor
final class CoalescedRefresh {
    private let operation: @MainActor () async -> Void
    private let work: ModelWork
    private var running: Task<Void, Never>?
    private var askedAgain = false
    /// How many times the operation has started (for tests).
    private(set) var runs = 0

    init(work: ModelWork, _ operation: @escaping @MainActor () async -> Void) {
        self.work = work
        self.operation = operation
    }

    /// Runs the operation now, or once more after the one running.
    func request() {
        guard running == nil else {
            askedAgain = true
            return
        }
        running = work.onMain { await self.runWhileAsked() }
    }

    private func runWhileAsked() async {
        repeat {
            askedAgain = false
            runs += 1
            await operation()
        } while askedAgain
        running = nil
    }

    /// Whether an operation runs now.
    var isRunning: Bool { running != nil }

    /// Waits until no operation runs and none is asked for.
    func waitUntilIdle() async {
        while let running { await running.value }
    }
}
