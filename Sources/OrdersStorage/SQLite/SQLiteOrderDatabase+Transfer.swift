import Foundation
import OrdersCore

/// `orders copy` on SQLite: reading pages with their audit logs, and one write transaction
/// spread over many calls, like `SQLiteOrderDatabase+BulkInsert`, that can first empty the file.
extension SQLiteOrderDatabase {
    /// Every table that holds an order's data; `audit_log` is not a child table (it outlives
    /// an order's replacement) but goes with the orders when a copy replaces them all.
    static let orderDataTables = [
        "orders", "line_items", "tags", "notes", "discount_codes", "adjustments", "refunds", "refund_lines",
        "addresses", "tracking_numbers", "note_attributes", "audit_log",
    ]

    /// Up to `limit` orders above `afterID` and their audit logs, in one read transaction.
    func transferBatch(after afterID: Int, limit: Int) throws -> OrderTransferBatch {
        try guarded {
            try connection.readTransaction {
                var orders: [Order] = []
                try connection.statement("SELECT \(OrderRows.selectColumns) FROM orders WHERE id > ? ORDER BY id LIMIT ?")
                    .forEachRow([.int(afterID), .int(limit)]) { orders.append(try OrderRows.decodeOrder($0)) }
                guard let first = orders.first, let last = orders.last else { return OrderTransferBatch(orders: [], audit: []) }
                try OrderRows.loadChildren(of: &orders, idRange: first.id.number...last.id.number, from: connection)
                var audit: [AuditRecord] = []
                // Every audit entry belongs to a stored order (orders are never deleted), so the
                // id range holds exactly this page's entries.
                try connection.statement("""
                    SELECT order_id, version, at_ms, actor, field, old_value, new_value, source FROM audit_log
                    WHERE order_id BETWEEN ? AND ? ORDER BY order_id, id
                    """).forEachRow([.int(first.id.number), .int(last.id.number)]) { row in
                    let actor = row.text(3)
                    audit.append(AuditRecord(version: row.int(1), entry: AuditEntry(
                        orderID: OrderID(row.int(0)), at: Date(millisecondsSince1970: row.int64(2)), actor: actor,
                        field: row.text(4), oldValue: row.optionalText(5), newValue: row.optionalText(6),
                        source: AuditSource.stored(row.optionalText(7), actor: actor))))
                }
                return OrderTransferBatch(orders: orders, audit: audit)
            }
        }
    }

    /// Opens the copy's transaction: refuses a database holding orders unless `replacing`,
    /// when it empties every order table inside the transaction (a rollback brings them
    /// back). Returns the secondary indexes dropped for the load, as `beginBulkInsert` does.
    func beginTransfer(replacing: Bool) throws -> [String] {
        try guarded {
            try connection.execute("BEGIN IMMEDIATE")
            do {
                let existing = Int(try connection.integer("SELECT count(*) FROM orders"))
                if existing > 0 {
                    guard replacing else { throw OrderTransferError.destinationNotEmpty(orders: existing) }
                    for table in Self.orderDataTables { try connection.execute("DELETE FROM \(table)") }
                }
                // The copied orders take these ids and versions afresh: a digest of the rows an order
                // here was written from would otherwise vouch for another order at the same id and version.
                try connection.execute("DELETE FROM shop_import_digests")
                return try dropSecondaryIndexesOfEmptyTables()
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Writes one page and its audit entries inside the copy's transaction.
    func writeTransferred(_ orders: [OrderRows.Prepared], audit: [AuditRecord]) throws {
        try guarded {
            try insertRows(orders)
            let statement = try connection.statement(Self.insertAudit)
            for record in audit { try appendAudit(record.entry, version: record.version, into: statement) }
        }
    }
}
