import Foundation
import OrdersCore
import Synchronization

extension SQLiteOrderStore {
    /// Inserts every batch `produce` passes to its `insert` function in one transaction: all
    /// of them, or none if anything fails or the process dies first. For loads too large to
    /// hold in memory at once (`orders demo --count 1000000`): each batch is converted and
    /// written as it comes, and only the commit makes them visible. Nothing else may use this
    /// store until it returns.
    ///
    /// A batch is converted to row values while SQLite still writes the one before (two cores
    /// busy rather than one); a batch's failure surfaces at the next `insert` or at the end.
    public func insertAllOrNothing(
        _ produce: (_ insert: @Sendable ([Order]) async throws -> Void) async throws -> Void
    ) async throws {
        let database = self.database
        let writes = BulkWrites(database: database)
        let deferredIndexes = try await database.beginBulkInsert()
        do {
            try await produce { orders in
                guard !orders.isEmpty else { return }
                let prepared = try OrderRows.prepare(orders)
                try await writes.write(prepared)
            }
            try await writes.finish()
            if let change = try await database.commitBulkInsert(count: writes.inserted, rebuilding: deferredIndexes) {
                broadcaster.send(change)
            }
        } catch {
            try? await writes.finish()
            await database.rollbackBulkInsert()
            throw error
        }
    }
}

/// The batches of one bulk load on their way into SQLite: at most one being written while the
/// caller prepares the next.
private final class BulkWrites: Sendable {
    private let database: SQLiteOrderDatabase
    private let state = Mutex<(pending: Task<Void, any Error>?, inserted: Int)>((nil, 0))

    init(database: SQLiteOrderDatabase) {
        self.database = database
    }

    /// How many orders were handed over to be written.
    var inserted: Int { state.withLock { $0.inserted } }

    /// Waits for the previous batch (rethrowing its failure), then starts writing this one.
    func write(_ prepared: [OrderRows.Prepared]) async throws {
        try await finish()
        let database = database
        let task = Task { try await database.insertInBulk(prepared) }
        state.withLock {
            $0.pending = task
            $0.inserted += prepared.count
        }
    }

    /// Waits until the batch being written is in; rethrows its failure.
    func finish() async throws {
        let pending = state.withLock { state in
            defer { state.pending = nil }
            return state.pending
        }
        try await pending?.value
    }
}
