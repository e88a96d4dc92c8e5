import Foundation
import Synchronization

extension SQLiteOrderStore {
    /// Inserts every batch `produce` passes to its `insert` function in one transaction: all
    /// of them, or none if anything fails or the process dies first. For loads too large to
    /// hold in memory at once (`orders demo --count 1000000`): each batch is converted and
    /// written as it comes, and only the commit makes them visible. Nothing else may use this
    /// store until it returns.
    public func insertAllOrNothing(
        _ produce: (_ insert: @Sendable ([Order]) async throws -> Void) async throws -> Void
    ) async throws {
        let database = self.database
        let inserted = InsertedCount()
        try await database.beginBulkInsert()
        do {
            try await produce { orders in
                guard !orders.isEmpty else { return }
                // Converted before entering the database actor, so the next batch is
                // prepared on one core while SQLite writes this one on the other.
                let prepared = try OrderRows.prepare(orders)
                try await database.insertInBulk(prepared)
                inserted.add(orders.count)
            }
            if let change = try await database.commitBulkInsert(count: inserted.value) { broadcaster.send(change) }
        } catch {
            await database.rollbackBulkInsert()
            throw error
        }
    }
}

/// How many orders a bulk load has written so far, counted from its insert calls.
private final class InsertedCount: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func add(_ amount: Int) { count.add(amount, ordering: .relaxed) }
}
