import Foundation
import OrdersCore

/// The transaction of `SQLiteOrderStore.writeAllOrNothing`, open across many calls on a
/// connection of its own (any other call that starts a transaction on it would fail: SQLite
/// refuses a transaction inside a transaction); the calls of `SQLiteWriteTransaction` run inside it.
extension SQLiteOrderDatabase {
    func beginLongWrite() throws {
        try guarded { try connection.execute("BEGIN IMMEDIATE") }
    }

    /// Commits; observers hear of the orders written (`count` of them, `ids` the first few).
    func commitLongWrite(ids: [OrderID], count: Int) throws -> OrderStoreChange? {
        try guarded {
            // More than can be listed: the change log says "reload all" (ids are placeholders, never read).
            let change = try recordChange(count > ids.count ? (0...Self.maxListedChanges).map { OrderID($0) } : ids)
            try connection.execute("COMMIT")
            return change
        }
    }

    /// The key above every key stored, inside the transaction (no other writer can take it).
    func firstFreeKeyInTransaction() throws -> Int {
        try guarded { Int(try connection.integer("SELECT coalesce(max(id), 0) + 1 FROM orders")) }
    }

    func rollbackLongWrite() {
        try? connection.execute("ROLLBACK")
    }
}
