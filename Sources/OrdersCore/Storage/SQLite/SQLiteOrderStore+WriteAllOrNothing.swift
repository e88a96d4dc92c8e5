import Foundation

extension SQLiteOrderStore {
    /// One `BEGIN IMMEDIATE` transaction across every call of `body`: the orders are written as
    /// they come, so memory holds one batch, not the whole load; only the commit makes them
    /// visible, and a kill before it leaves the file as it was. Nothing else may use this store
    /// until it returns.
    public func writeAllOrNothing<Result: Sendable>(
        actor: String, _ body: (_ transaction: any OrderWriteTransaction) async throws -> Result
    ) async throws -> Result {
        let database = self.database
        try await database.beginLongWrite()
        let transaction = SQLiteWriteTransaction(database: database, actor: actor, at: now().wholeMilliseconds)
        let result: Result
        let written: (ids: [OrderID], count: Int)
        do {
            result = try await body(transaction)
            written = transaction.writtenIDs
            if let change = try await database.commitLongWrite(ids: written.ids, count: written.count) {
                broadcaster.send(change)
            }
        } catch {
            await database.rollbackLongWrite()
            throw error
        }
        // Empties the write-ahead log a large transaction filled, as `orders demo` does.
        if written.count > SQLiteOrderDatabase.maxListedChanges { try await checkpoint() }
        return result
    }
}
