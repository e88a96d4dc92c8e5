import Foundation

extension SQLiteOrderStore {
    /// One `BEGIN IMMEDIATE` transaction across every call of `body`: the orders are written as
    /// they come, so memory holds one batch, not the whole load; only the commit makes them
    /// visible, and a kill before it leaves the file as it was.
    ///
    /// The transaction has a connection of its own, as an import by another process would: the
    /// store's connection cannot hold a transaction open across calls and still answer the
    /// list's and the detail's reads (SQLite refuses a transaction inside a transaction), and a
    /// read that fails mid-import leaves a row stale. So the store goes on reading the committed
    /// orders (WAL: readers never wait for the writer), and writes through it wait for the lock
    /// like any other writer's (`busyTimeoutMilliseconds`).
    public func writeAllOrNothing<Result: Sendable>(
        actor: String, _ body: (_ transaction: any OrderWriteTransaction) async throws -> Result
    ) async throws -> Result {
        // Its change-log rows carry this store's token: the commit is announced once, from here,
        // and the file watcher does not report it again as someone else's.
        let database = try SQLiteOrderDatabase(path: path, options: options, writerToken: self.database.writerToken)
        do {
            let (result, written) = try await writeLong(on: database, actor: actor, body)
            await database.close()
            // Empties the write-ahead log a large transaction filled, as `orders demo` does.
            if written > SQLiteOrderDatabase.maxListedChanges { try await checkpoint() }
            return result
        } catch {
            await database.close()
            throw error
        }
    }

    /// `body` inside the long write on `database`, committed and announced, or rolled back.
    private func writeLong<Result: Sendable>(
        on database: SQLiteOrderDatabase, actor: String,
        _ body: (_ transaction: any OrderWriteTransaction) async throws -> Result
    ) async throws -> (Result, writtenCount: Int) {
        try await database.beginLongWrite()
        let transaction = SQLiteWriteTransaction(database: database, actor: actor, at: now().wholeMilliseconds)
        do {
            let result = try await body(transaction)
            let written = transaction.writtenIDs
            if let change = try await database.commitLongWrite(ids: written.ids, count: written.count) {
                broadcaster.send(change)
            }
            return (result, written.count)
        } catch {
            await database.rollbackLongWrite()
            throw error
        }
    }
}
