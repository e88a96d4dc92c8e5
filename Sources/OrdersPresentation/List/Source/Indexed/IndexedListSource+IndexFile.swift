import Foundation
import OrdersStorage

/// How a load used the index file beside the database.
enum IndexFileOutcome: Equatable, Sendable {
    /// Read from the file, then brought up to the database with this many orders changed since it was written.
    case opened(changedOrders: Int)
    /// Not used, for this reason: the index was built from the scan, and the file is written again from it.
    case rebuilt(IndexFileProblem)
}

/// How the background write of the index file ended.
enum IndexFileWriteResult: Equatable, Sendable {
    case written(rows: Int)
    case failed(String)
}

extension IndexedListSource {
    /// Opened with more changed orders than this, the file is written again at once (in the
    /// background), so the next launch does not fetch them all again.
    nonisolated static let indexFileRewriteThreshold = 1_000

    /// The index read from the file beside the database and brought up to its change log.
    struct OpenedIndexFile: Sendable {
        var index: OrderIndex
        var mark: IndexMark
        var changedOrders: Int
    }

    /// Installs the index from the store's index file when it is usable; false (and the outcome
    /// saying why) when it must be built from the scan instead.
    func loadIndexFile(from store: any IndexFileStore) async throws -> Bool {
        switch try await Self.openIndexFile(from: store) {
        case .success(let opened):
            try Task.checkCancellation()
            install(opened.index)
            indexFileOutcome = .opened(changedOrders: opened.changedOrders)
            if opened.changedOrders > Self.indexFileRewriteThreshold { writeIndexFile(opened.index, mark: opened.mark, for: store) }
            return true
        case .failure(let problem):
            indexFileOutcome = .rebuilt(problem)
            return false
        }
    }

    /// Off the main actor: the header first (is it this database's, is the change log still
    /// reaching back to it?), then the columns, checked whole, then the orders changed since the
    /// file's mark fetched and applied, so the list is never older than the database.
    @concurrent
    nonisolated static func openIndexFile(from store: any IndexFileStore) async throws -> Result<OpenedIndexFile, IndexFileProblem> {
        let path = store.indexFilePath
        // A write cut short by a kill left its temporary file: never trusted, but it would take room for good.
        IndexFile.removeAbandonedTemporaries(of: path)
        let header: IndexFileHeader
        do { header = try IndexFile.readHeader(from: path) } catch { return .failure(error) }
        if case .failure(let problem) = try await store.changes(since: header.mark) { return .failure(problem) }
        let file: (index: OrderIndex, mark: IndexMark)
        do { file = try IndexFile.read(from: path) } catch { return .failure(error) }
        // Asked from the mark the columns came with: another process may have replaced the file meanwhile.
        let changes: IndexChanges
        switch try await store.changes(since: file.mark) {
        case .success(let found): changes = found
        case .failure(let problem): return .failure(problem)
        }
        var index = file.index
        index.apply(changedRows: try await store.indexRows(of: changes.orders))
        return .success(OpenedIndexFile(index: index, mark: changes.mark, changedOrders: changes.orders.count))
    }

    /// Writes the index file in the background (never on the main actor, never awaited by the UI).
    func writeIndexFile(_ index: OrderIndex, mark: IndexMark, for store: any IndexFileStore) {
        let path = store.indexFilePath
        indexFileWrite = list.environment.work.inBackground(priority: .background) {
            do {
                try IndexFile.write(index, mark: mark, to: path)
                return .written(rows: index.count)
            } catch {
                return .failed("\(error)")
            }
        }
    }
}
