import Foundation
import OrdersCore

/// One write transaction spread over many calls, for a load too large to hold in memory at
/// once. While it is open every other call on this connection fails (SQLite refuses a
/// transaction inside a transaction), which is why only `SQLiteOrderStore.insertAllOrNothing`
/// uses it, and finishes it before returning.
extension SQLiteOrderDatabase {
    /// Opens the transaction. Into empty tables, the secondary indexes are dropped inside it and
    /// their definitions returned, for `commitBulkInsert` to build again at the end: building an
    /// index once from all its rows is several times cheaper than keeping it current row by
    /// row, and the drop is part of the transaction, so a rollback (or a kill) restores them.
    func beginBulkInsert() throws -> [String] {
        try guarded {
            try connection.execute("BEGIN IMMEDIATE")
            return try dropSecondaryIndexesOfEmptyTables()
        }
    }

    /// Inside a write transaction: if `orders` is empty, drops the secondary indexes of the
    /// order tables and returns their definitions, to be built again before the commit.
    func dropSecondaryIndexesOfEmptyTables() throws -> [String] {
        guard try connection.integer("SELECT count(*) FROM (SELECT 1 FROM orders LIMIT 1)") == 0 else { return [] }
        var indexes: [(name: String, sql: String)] = []
        try connection.statement("""
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
                AND tbl_name IN ('orders', 'line_items', 'tags', 'notes', 'discount_codes') ORDER BY name
            """).forEachRow { indexes.append(($0.text(0), $0.text(1))) }
        for index in indexes {
            // A name from sqlite_master, quoted as an identifier; never user text.
            try connection.execute("DROP INDEX \"\(index.name.replacingOccurrences(of: "\"", with: "\"\""))\"")
        }
        return indexes.map(\.sql)
    }

    func insertInBulk(_ orders: [OrderRows.Prepared]) throws {
        try guarded { try insertRows(orders) }
    }

    /// Builds the dropped indexes again and commits the load; observers of other processes
    /// are told to reload.
    func commitBulkInsert(count: Int, rebuilding indexes: [String]) throws -> OrderStoreChange? {
        try guarded {
            for definition in indexes { try connection.execute(definition) }
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
