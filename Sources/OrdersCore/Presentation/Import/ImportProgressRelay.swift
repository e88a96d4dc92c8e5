import Foundation

/// Carries the importer's progress from the thread it runs on to the main actor without a hop per
/// order: only the latest report is kept, and one delivery at a time is queued, so a million
/// orders cost as many main-actor updates as the main actor has time for.
final class ImportProgressRelay: @unchecked Sendable {
    // @unchecked: `latest`, `isScheduled` and `isClosed` are only touched while holding `lock`.
    private let lock = NSLock()
    private var latest: ShopImportProgress?
    private var isScheduled = false
    private var isClosed = false
    private let deliver: @MainActor @Sendable (ShopImportProgress) -> Void

    init(deliver: @escaping @MainActor @Sendable (ShopImportProgress) -> Void) {
        self.deliver = deliver
    }

    /// The importer's callback: keeps `progress` and queues a delivery unless one is queued already.
    func send(_ progress: ShopImportProgress) {
        let schedules = lock.withLock { () -> Bool in
            guard !isClosed else { return false }
            latest = progress
            defer { isScheduled = true }
            return !isScheduled
        }
        guard schedules else { return }
        Task { @MainActor in self.deliverLatest() }
    }

    /// Drops whatever is still queued: the import is over and its summary must not be overwritten.
    @MainActor func close() {
        lock.withLock { isClosed = true }
    }

    @MainActor private func deliverLatest() {
        let progress = lock.withLock { () -> ShopImportProgress? in
            isScheduled = false
            return isClosed ? nil : latest
        }
        if let progress { deliver(progress) }
    }
}
