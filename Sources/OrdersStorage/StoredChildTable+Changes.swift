import Foundation
import OrdersCore

extension StoredChildTable {
    /// The child tables whose rows `order` changes from `stored` (the version of it the writing
    /// transaction read), with the rows `order` has in each: what a rewrite of the order must
    /// delete and write again, in `allCases`' order. Every table when there is no stored order, or
    /// when its money does not convert (it was written by this code, so it does).
    ///
    /// Why only those: a child row deleted and inserted again costs as much as a new one (pages
    /// dirtied, index entries written), and most changes (a flag, a tag, a shipment) touch one or
    /// two of the ten tables. Both engines' rewrites ask here.
    static func changedRows(from stored: Order?, to order: Order, money: OrderRows.Money) -> [(StoredChildTable, [[SQLiteValue]])] {
        let storedMoney = stored.flatMap { try? OrderRows.Money($0) }
        func storedRows(_ table: StoredChildTable) -> [[SQLiteValue]]? {
            guard let stored, let storedMoney else { return nil }
            return table.rows(of: stored, money: storedMoney)
        }
        var changed: Set<StoredChildTable> = []
        let rows = allCases.map { table in
            let rows = table.rows(of: order, money: money)
            if rows != storedRows(table) { changed.insert(table) }
            return (table, rows)
        }
        // A refund's lines go with it: PostgreSQL deletes them with their refund (ON DELETE CASCADE),
        // so when the refunds are written again their lines are too.
        if changed.contains(.refunds) { changed.insert(.refundLines) }
        return rows.filter { changed.contains($0.0) }
    }
}
