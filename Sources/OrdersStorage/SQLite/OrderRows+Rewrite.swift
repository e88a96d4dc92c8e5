import Foundation
import OrdersCore

extension OrderRows {
    /// Writes `order` over `stored`, the version of it read in this write transaction: only the orders
    /// columns whose values differ, and only the child tables whose rows differ
    /// (`StoredChildTable.changedRows`). The row is guarded
    /// by the stored version; false when it was not at that version (nothing was written).
    ///
    /// Why not the whole order: SQLite rewrites the entry of every index on a column an UPDATE sets,
    /// changed or not, and a child row deleted and inserted again dirties its pages as a new one does.
    /// The next day's file of a 200,000-order shop (2,000 orders changed, each by its fulfilment)
    /// wrote 158 MiB to the WAL and the database for it (30,000 WAL frames over 20,000 pages).
    static func rewrite(_ order: Order, money: Money, over stored: Order, keys: inout SearchKeys,
                        in connection: SQLiteConnection) throws -> Bool {
        // The stored order's money was written by this code, so it converts; if it ever did not,
        // every column and table is written, as before.
        let storedMoney = try? Money(stored)
        let new = orderValues(order, money: money, keys: &keys)
        let old = storedMoney.map { orderValues(stored, money: $0, keys: &keys) }
        var assignments: [String] = []
        var values: [SQLiteValue] = []
        for (position, column) in writtenColumns.enumerated().dropFirst() where old?[position] != new[position] {
            assignments.append("\(column) = ?")
            values.append(new[position])
        }
        if !assignments.isEmpty {
            do {
                try connection.statement("UPDATE orders SET \(assignments.joined(separator: ", ")) WHERE id = ? AND version = ?")
                    .run(values + [.int(order.id.number), .int(stored.version)])
            } catch let error as SQLiteError where error.code == SQLiteError.uniqueConstraint {
                throw OrderStoreError.duplicateNumber(order.reference)
            }
            guard connection.changes == 1 else { return false }
        }
        for (table, rows) in StoredChildTable.changedRows(from: stored, to: order, money: money) {
            try connection.statement("DELETE FROM \(table.name) WHERE order_id = ?").run([.int(order.id.number)])
            guard !rows.isEmpty else { continue }
            let statement = try connection.statement(insertStatement(of: table))
            for row in rows { try statement.run(row) }
        }
        return true
    }
}
