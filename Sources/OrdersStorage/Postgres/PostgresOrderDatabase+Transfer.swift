import Foundation
import OrdersCore

/// `orders copy` on PostgreSQL: reading pages with their audit logs, and one transaction
/// spread over many calls that can first empty the database.
extension PostgresOrderDatabase {
    /// Up to `limit` orders above `afterID` and their audit logs, in one snapshot.
    func transferBatch(after afterID: Int, limit: Int) throws -> OrderTransferBatch {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                let orders = try PostgresRows.loadOrders(
                    "SELECT \(PostgresRows.selectColumns) FROM orders WHERE id > $1 ORDER BY id LIMIT $2",
                    [String(afterID), String(limit)], from: connection)
                guard let first = orders.first, let last = orders.last else { return OrderTransferBatch(orders: [], audit: []) }
                // Every audit entry belongs to a stored order (orders are never deleted), so the
                // id range holds exactly this page's entries.
                let audit = try connection.execute("""
                    SELECT order_id, version, at_ms, actor, field, old_value, new_value, source FROM audit_log
                    WHERE order_id BETWEEN $1 AND $2 ORDER BY order_id, id
                    """, [String(first.id.number), String(last.id.number)]).rows.map(PostgresRow.init).map { row in
                    let actor = row.text(3)
                    return AuditRecord(version: try row.int(1), entry: AuditEntry(
                        orderID: OrderID(try row.int(0)), at: Date(millisecondsSince1970: try row.int64(2)), actor: actor,
                        field: row.text(4), oldValue: row.optionalText(5), newValue: row.optionalText(6),
                        source: AuditSource.stored(row.optionalText(7), actor: actor)))
                }
                return OrderTransferBatch(orders: orders, audit: audit)
            }
        }
    }

    /// Opens the copy's transaction. Other operators' writes wait until it ends (they would
    /// land between the emptiness check and the commit); their reads go on, except into a
    /// database with no orders yet, whose secondary indexes are dropped for the load and built
    /// at its end (`+DeferredIndexes`: reads of those tables wait for the commit). Refuses a
    /// database holding orders unless `replacing`, when it deletes them and the audit log
    /// inside the transaction (deleted, not truncated, so listening operators hear of it).
    func beginTransfer(replacing: Bool) throws {
        try writing {
            try connection.executeScript("BEGIN")
            transferIsOpen = true
            do {
                try connection.executeScript("LOCK TABLE orders, audit_log IN SHARE ROW EXCLUSIVE MODE")
                let existing = try PostgresRow(connection.execute("SELECT count(*) FROM orders").rows.first ?? ["0"]).int(0)
                if existing > 0 {
                    guard replacing else { throw OrderTransferError.destinationNotEmpty(orders: existing) }
                    // The child rows go with their order (ON DELETE CASCADE).
                    try connection.execute("DELETE FROM orders")
                    try connection.execute("DELETE FROM audit_log")
                } else {
                    deferredIndexes = try dropSecondaryIndexesOfEmptyTables()
                }
                // As on SQLite: no digest may vouch for a copied order that takes an old id and version.
                try connection.execute("DELETE FROM shop_import_digests")
            } catch {
                try? connection.executeScript("ROLLBACK")
                transferIsOpen = false
                deferredIndexes = []
                throw error
            }
        }
    }

    /// Writes one page and its audit entries inside the copy's transaction.
    func writeTransferred(_ orders: [PostgresRows.Prepared], audit: [AuditRecord]) throws {
        try guarded {
            try insertRows(orders)
            try appendAudit(audit.map { ($0.entry, $0.version) })
        }
    }

    /// Builds the indexes the load deferred and commits it, then refreshes the planner's statistics.
    func commitTransfer() throws {
        defer {
            transferIsOpen = false
            deferredIndexes = []
        }
        try guarded {
            try buildDeferredIndexes(deferredIndexes)
            try connection.executeScript("COMMIT")
        }
        // The orders are committed whatever happens here: statistics only speed plans up, and
        // autovacuum would gather them later anyway.
        try? analyzeOrderTables()
    }

    func rollbackTransfer() {
        transferIsOpen = false
        deferredIndexes = []
        try? connection.executeScript("ROLLBACK")
    }
}
