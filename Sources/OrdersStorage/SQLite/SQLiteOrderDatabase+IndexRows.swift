import Foundation
import OrdersCore

extension SQLiteOrderDatabase {
    /// Up to `limit` orders with ids above `afterID`, ascending, as the list's index keeps them:
    /// the orders columns of `OrderIndexRow.selectColumns` and five narrow child queries over the
    /// batch's id range, in one read transaction. Notes, prices, adjustments, refund lines,
    /// tracking numbers and note attributes are never read.
    func indexRows(after afterID: Int, limit: Int) throws -> [OrderIndexRow] {
        try guarded {
            try connection.readTransaction {
                try indexRowsInTransaction(where: "id > ? ORDER BY id LIMIT ?", [.int(afterID), .int(limit)]) { first, last in
                    ("BETWEEN ? AND ?", [.int(first), .int(last)])
                }
            }
        }
    }

    /// The index rows of these orders (an index file's changes since its mark), ascending by id,
    /// in one read transaction; orders no longer stored are left out.
    func indexRows(of ids: [OrderID]) throws -> [OrderIndexRow] {
        try guarded {
            try connection.readTransaction {
                var rows: [OrderIndexRow] = []
                let sorted = Array(Set(ids.map(\.number))).sorted()
                var start = 0
                while start < sorted.count {
                    let chunk = sorted[start..<min(start + 500, sorted.count)].map { SQLiteValue.int($0) }
                    let list = "IN (" + Array(repeating: "?", count: chunk.count).joined(separator: ", ") + ")"
                    rows += try indexRowsInTransaction(where: "id \(list) ORDER BY id", chunk) { _, _ in (list, chunk) }
                    start += 500
                }
                return rows
            }
        }
    }

    /// Index rows of the orders a condition selects (`orders` WHERE, ordered by id) and their
    /// children, whose `order_id` condition `children` gives for the first and last id found.
    private func indexRowsInTransaction(where condition: String, _ values: [SQLiteValue],
                                        children childCondition: (Int, Int) -> (String, [SQLiteValue])) throws -> [OrderIndexRow] {
        var rows: [OrderIndexRow] = []
        try connection.statement("SELECT \(OrderIndexRow.selectColumns) FROM orders WHERE \(condition)")
            .forEachRow(values) { rows.append(try OrderIndexRow(Self.indexColumns($0))) }
        guard let first = rows.first, let last = rows.last else { return rows }
        var children = IndexRowChildren(rows)
        let (filter, bounds) = childCondition(first.id.number, last.id.number)
        try connection.statement("""
            SELECT order_id, sku, title FROM line_items WHERE order_id \(filter) ORDER BY order_id, position
            """).forEachRow(bounds) { children.addProduct(of: $0.int(0), sku: $0.text(1), title: $0.text(2)) }
        try connection.statement("SELECT order_id, tag FROM tags WHERE order_id \(filter) ORDER BY order_id, position")
            .forEachRow(bounds) { children.addTag(of: $0.int(0), $0.text(1)) }
        try connection.statement("""
            SELECT order_id, kind, city, postcode FROM addresses WHERE order_id \(filter)
            """).forEachRow(bounds) {
            children.addAddress(of: $0.int(0), kind: $0.text(1), city: $0.optionalText(2), postcode: $0.optionalText(3))
        }
        try connection.statement("""
            SELECT order_id, code FROM discount_codes WHERE order_id \(filter) ORDER BY order_id, position
            """).forEachRow(bounds) { children.addDiscountCode(of: $0.int(0), $0.text(1)) }
        try connection.statement("SELECT order_id, amount_minor FROM refunds WHERE order_id \(filter)")
            .forEachRow(bounds) { children.addRefund(of: $0.int(0), amountMinor: $0.int64(1)) }
        return children.finished()
    }

    /// A row of `OrderIndexRow.selectColumns`.
    private static func indexColumns(_ row: SQLiteStatement) -> OrderIndexRow.Columns {
        OrderIndexRow.Columns(
            id: row.int(0), number: row.text(1), source: row.text(2), customer: row.text(3), email: row.text(4),
            country: row.text(5), createdMilliseconds: row.int64(6), paidMilliseconds: row.isNull(7) ? nil : row.int64(7),
            payment: row.text(8), fulfillment: row.text(9), cancelledMilliseconds: row.isNull(10) ? nil : row.int64(10),
            closed: row.int(11) != 0, sourceStatus: row.optionalText(12), flagged: row.int(13) != 0,
            assignee: row.optionalText(14), version: row.int(15), totalKey: row.int64(16), currency: row.text(17),
            shopCurrency: row.optionalText(18), outstandingKey: row.int64(19), itemCount: row.int(20),
            risk: row.optionalText(21), customerGroup: row.optionalText(22))
    }
}
