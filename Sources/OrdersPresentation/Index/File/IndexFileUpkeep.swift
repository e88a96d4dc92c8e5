import Foundation
import OrdersStorage

/// Keeps the index file beside an SQLite database current from outside the app: a command that
/// wrote many orders (`orders import`) brings the file up to date before it ends, so the next
/// launch opens it as it is instead of fetching the changed orders again (and, after a write too
/// large for the change log to list, instead of scanning every order before its first rows).
public enum IndexFileUpkeep {
    /// What `refresh(after:)` did to the file.
    public enum Outcome: Equatable, Sendable {
        /// No file to keep: another kind of store, or a database whose list never ran (its first
        /// launch builds the file, as before).
        case noFile
        /// The file already held every change.
        case current
        /// Read, brought up to the database with this many changed orders, and written again.
        case patched(changedOrders: Int)
        /// Not usable for the database as it is now: built from the scan and written again.
        case rebuilt(rows: Int)
    }

    /// Brings the index file beside `store`'s database up to date, when there is one.
    public static func refresh(after store: any OrderStore) async throws -> Outcome {
        guard let fileStore = store as? any IndexFileStore else { return .noFile }
        let path = fileStore.indexFilePath
        IndexFile.removeAbandonedTemporaries(of: path)
        guard FileManager.default.fileExists(atPath: path) else { return .noFile }
        switch try await IndexedListSource.openIndexFile(from: fileStore) {
        case .success(let opened):
            guard opened.changedOrders > 0 else { return .current }
            try IndexFile.write(opened.index, mark: opened.mark, to: path)
            return .patched(changedOrders: opened.changedOrders)
        case .failure:
            // Taken before the scan, as a launch does: a change made meanwhile is patched in at the next open.
            guard let mark = try await fileStore.indexMark() else { return .noFile }
            let index = try await IndexedListSource.buildIndex(from: fileStore, batchSize: IndexedListSource.scanBatchSize) { _ in }
            try IndexFile.write(index, mark: mark, to: path)
            return .rebuilt(rows: index.count)
        }
    }
}
