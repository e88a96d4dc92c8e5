import Foundation

/// Carries a background job's progress from the thread it runs on to the main actor without a hop
/// per report: only the latest value is kept, and one delivery at a time is queued, so a million
/// orders cost as many main-actor updates as the main actor has time for. The app's import
/// (`ImportModel`) and shop pulls (`ShopSyncModel`) report through it.
final class LatestValueRelay<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `latest`, `isScheduled` and `isClosed` are only touched while holding `lock`.
    private let lock = NSLock()
    private var latest: Value?
    private var isScheduled = false
    private var isClosed = false
    private let deliver: @MainActor @Sendable (Value) -> Void
    private let work: ModelWork

    init(work: ModelWork, deliver: @escaping @MainActor @Sendable (Value) -> Void) {
        self.work = work
        self.deliver = deliver
    }

    /// The job's callback: keeps `value` and queues a delivery unless one is queued already.
    func send(_ value: Value) {
        let schedules = lock.withLock { () -> Bool in
            guard !isClosed else { return false }
            latest = value
            defer { isScheduled = true }
            return !isScheduled
        }
        guard schedules else { return }
        work.onMain { self.deliverLatest() }
    }

    /// Drops whatever is still queued: the job is over and what it ended with must not be overwritten.
    @MainActor func close() {
        lock.withLock { isClosed = true }
    }

    @MainActor private func deliverLatest() {
        let value = lock.withLock { () -> Value? in
            isScheduled = false
            return isClosed ? nil : latest
        }
        if let value { deliver(value) }
    }
}
