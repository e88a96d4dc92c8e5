import Foundation

/// One write transaction spread over many calls, for a load too large to hold in memory at
/// once. While it is open every other call on this connection fails (SQLite refuses a
/// transaction inside a transaction), which is why only `SQLiteOrderStore.insertAllOrNothing`
/// uses it, and finishes it before returning.
extension SQLiteOrderDatabase {
    func beginBulkInsert() throws {
        try guarded { try connection.execute("BEGIN IMMEDIATE") }
    }

    func insertInBulk(_ orders: [OrderRows.Prepared]) throws {
        try guarded { try insertRows(orders) }
    }

    /// Commits the load; observers of other processes are told to reload.
    func commitBulkInsert(count: Int) throws -> OrderStoreChange? {
        try guarded {
            // Too many to list: the change log says "reload all" (ids are placeholders, never read).
            let change = count > 0 ? try recordChange((0...Self.maxListedChanges).map { OrderID($0) }) : nil
            try connection.execute("COMMIT")
            return change
        }
    }

    func rollbackBulkInsert() {
        try? connection.execute("ROLLBACK")
    }
}
