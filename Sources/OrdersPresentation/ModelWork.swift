import Synchronization

/// The one place the presentation models start work that outlives the call that asks for it: a load,
/// a write, a count, an import, a sync pass, a live feed, a timer. The app has one (its
/// `PresentationEnvironment.work`, given to every model), so its shell knows of everything under way: its
/// `waitUntilIdle` is what "the models' work is done" means to the shell and to tests, and a test can
/// hold that nothing it started is left running. No model creates a task of its own (a test holds
/// that, `ModelWorkLintTests`); each hands its work here and keeps the handle to cancel it.
///
/// Three kinds: work that ends by itself (`onMain`, `inBackground`), which `waitUntilIdle` waits
/// for; a feed (`following`), which runs until it is cancelled (a change feed, a connection's
/// health); and a timer (`timer`), which ends when its time comes on the environment's clock. Feeds
/// and timers are only counted: a test's clock may never reach a timer's time.
public final class ModelWork: Sendable {
    private enum Kind { case work, feed, timer }

    private struct Counts {
        var work = 0
        var feeds = 0
        var timers = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let counts = Mutex(Counts())

    public init() {}

    /// Pieces of work under way that end by themselves.
    public var running: Int { counts.withLock { $0.work } }
    /// Feeds under way (they end when cancelled).
    public var feeds: Int { counts.withLock { $0.feeds } }
    /// Timers waiting.
    public var timers: Int { counts.withLock { $0.timers } }

    /// Runs `operation` on the main actor, as the models' own state is.
    @discardableResult
    public func onMain(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        start(.work, operation)
    }

    /// Runs `operation` on the main actor until it is cancelled: a loop over a change feed.
    @discardableResult
    public func following(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        start(.feed, operation)
    }

    /// Runs `operation` on the main actor, which waits on the environment's clock first
    /// (`PresentationEnvironment.sleep`): a notice shown after a while, or taken down.
    @discardableResult
    public func timer(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        start(.timer, operation)
    }

    /// Runs `operation` off the main actor (a computation over many orders, a file written, an
    /// import or a sync pass), and gives its result through the handle.
    @discardableResult
    public func inBackground<Result: Sendable>(priority: TaskPriority? = nil,
                                               _ operation: @escaping @Sendable () async -> Result) -> Task<Result, Never> {
        begin(.work)
        return Task.detached(priority: priority) {
            let result = await operation()
            self.end(.work)
            return result
        }
    }

    /// Returns once no work that ends by itself is under way (feeds are not waited for).
    public func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            let idle = counts.withLock { counts -> Bool in
                if counts.work == 0 { return true }
                counts.idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }

    private func start(_ kind: Kind, _ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        begin(kind)
        return Task { @MainActor in
            await operation()
            self.end(kind)
        }
    }

    private func begin(_ kind: Kind) {
        counts.withLock { counts in
            switch kind {
            case .work: counts.work += 1
            case .feed: counts.feeds += 1
            case .timer: counts.timers += 1
            }
        }
    }

    private func end(_ kind: Kind) {
        let waiters = counts.withLock { counts -> [CheckedContinuation<Void, Never>] in
            switch kind {
            case .feed: counts.feeds -= 1
            case .timer: counts.timers -= 1
            case .work:
                counts.work -= 1
                if counts.work == 0 {
                    defer { counts.idleWaiters = [] }
                    return counts.idleWaiters
                }
            }
            return []
        }
        for waiter in waiters { waiter.resume() }
    }
}
