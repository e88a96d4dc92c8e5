import Foundation
import Observation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// An import of a shop's export started from the app (`:import FILE`), without its drawing: the
/// same `ShopImporter` as `orders import`, run off the main actor, its progress followed here, a
/// cancel that leaves the store as it was, and the summary the operator reads and dismisses.
/// The list hears of the imported orders through the store's change feed, as of any other write.
///
/// An import cannot be undone from the app: it may touch a million orders, and the shop's next
/// export would bring them back anyway. The summary says so.
@MainActor @Observable
public final class ImportModel {
    public internal(set) var state: ImportState = .idle

    /// How many lines of problems a refused file's summary shows (`orders import --dry-run` lists all).
    public static let problemLinesShown = 6

    @ObservationIgnored private let store: any OrderStore
    @ObservationIgnored private let actor: String
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored let options: ShopImportOptions
    @ObservationIgnored private let chunkRows: Int
    @ObservationIgnored private var work: Task<Result<ShopImportReport, any Error>, Never>?
    /// Where the import runs (the shell's, so it knows one is under way).
    @ObservationIgnored private let modelWork: ModelWork

    /// Imports into `store` as `actor` at `now`; `zone` reads dates written without one (WooCommerce's),
    /// `chunkRows` is the importer's chunk size (tests make it small to have many chunks).
    public init(store: any OrderStore, actor: String, now: @escaping @Sendable () -> Date = { Date() },
                zone: TimeZone = .current, chunkRows: Int = 4_000, work: ModelWork = ModelWork()) {
        self.store = store
        modelWork = work
        self.actor = actor
        self.now = now
        options = ShopImportOptions(zone: zone)
        self.chunkRows = chunkRows
    }

    public var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    /// Starts showing an import of `path` (`~` means the home folder); `run()` does it. False, and
    /// nothing changes, while another import is running.
    @discardableResult
    public func begin(path: String) -> Bool {
        guard !isRunning else { return false }
        let expanded = HomeFolder.expandingTilde(in: path)
        state = .running(ImportRun(path: expanded, fileName: ShopImportInput.file(path: expanded).fileName))
        return true
    }

    /// Runs the import `begin` showed, off the main actor, and returns once it has finished, been
    /// cancelled or failed, with the summary in `state`.
    public func run() async {
        guard case .running(let run) = state, work == nil else { return }
        if run.isCancelling {
            state = .finished(Self.cancelled(run.fileName))
            return
        }
        let relay = LatestValueRelay<ShopImportProgress>(work: modelWork) { [weak self] progress in self?.progressed(progress) }
        let importer = ShopImporter(options: options, chunkRows: chunkRows)
        let store = self.store
        let actor = self.actor
        let date = now()
        let work = modelWork.inBackground { () -> Result<ShopImportReport, any Error> in
            do {
                return .success(try await importer.run(.file(path: run.path), dryRun: false, at: date,
                                                       existingStore: { store }, openStore: { store }, actor: { _ in actor },
                                                       progress: relay.send))
            } catch {
                return .failure(error)
            }
        }
        self.work = work
        let result = await work.value
        self.work = nil
        relay.close()
        state = .finished(summary(of: result, fileName: run.fileName))
    }

    /// Asks the running import to stop (Esc, Ctrl-C): it stops at its next chunk and writes nothing.
    public func cancel() {
        guard case .running(var run) = state, !run.isCancelling else { return }
        run.isCancelling = true
        state = .running(run)
        work?.cancel()
    }

    /// Puts the summary away.
    public func dismiss() {
        guard case .finished = state else { return }
        state = .idle
    }

    /// Waits for a running import (tests, and the shell's pending work).
    public func waitUntilFinished() async {
        _ = await work?.value
    }

    func progressed(_ progress: ShopImportProgress) {
        guard case .running(var run) = state else { return }
        run.progress = progress
        state = .running(run)
    }
}
