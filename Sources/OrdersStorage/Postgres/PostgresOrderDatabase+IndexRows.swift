import Foundation
import OrdersCore

extension PostgresOrderDatabase {
    /// Up to `limit` orders with ids above `afterID`, ascending, as the list's index keeps them:
    /// `OrderIndexRow.selectColumns` and five narrow child queries over the batch's ids, in one
    /// read transaction (what SQLite's `indexRows` reads, in PostgreSQL's types).
    func indexRows(after afterID: Int, limit: Int) throws -> [OrderIndexRow] {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                try loadIndexRows("SELECT \(OrderIndexRow.selectColumns) FROM orders WHERE id > $1 ORDER BY id LIMIT $2",
                                  [String(afterID), String(limit)])
            }
        }
    }

    /// Ids per query of `indexRows(ids:)`: the child queries take the batch's ids as one array too.
    static let indexRowsBatchSize = 1_000

    /// The index rows of these orders, those the table still has, in id order: one `id = ANY($1)`
    /// query (and its child queries) per `batchSize` ids, in one read transaction.
    func indexRows(ids: [OrderID], batchSize: Int = indexRowsBatchSize) throws -> [OrderIndexRow] {
        let numbers = Set(ids.map(\.number)).sorted()
        guard !numbers.isEmpty else { return [] }
        return try reading {
            try connection.transaction(begin: Self.beginRead) {
                var rows: [OrderIndexRow] = []
                for start in stride(from: 0, to: numbers.count, by: max(batchSize, 1)) {
                    let batch = Array(numbers[start..<min(start + max(batchSize, 1), numbers.count)])
                    rows += try loadIndexRows("""
                        SELECT \(OrderIndexRow.selectColumns) FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id
                        """, [PostgresArray.literal(integers: batch)])
                }
                return rows
            }
        }
    }

    /// The rows a `SELECT OrderIndexRow.selectColumns …` finds, in its order, with their child rows;
    /// call inside a read transaction.
    func loadIndexRows(_ sql: String, _ parameters: [String?]) throws -> [OrderIndexRow] {
        let rows = try connection.execute(sql, parameters).rows
            .map { try OrderIndexRow(Self.indexColumns(PostgresRow($0))) }
        guard !rows.isEmpty else { return rows }
        var children = IndexRowChildren(rows)
        let ids = [PostgresArray.literal(integers: rows.map(\.id.number))]
        func each(_ sql: String, _ body: (PostgresRow) throws -> Void) throws {
            for row in try connection.execute(sql, ids).rows { try body(PostgresRow(row)) }
        }
        try each("SELECT order_id, sku, title FROM line_items WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position") {
            children.addProduct(of: try $0.int(0), sku: $0.text(1), title: $0.text(2))
        }
        try each("SELECT order_id, tag FROM tags WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position") {
            children.addTag(of: try $0.int(0), $0.text(1))
        }
        try each("SELECT order_id, kind, city, postcode FROM addresses WHERE order_id = ANY($1::bigint[])") {
            children.addAddress(of: try $0.int(0), kind: $0.text(1), city: $0.optionalText(2), postcode: $0.optionalText(3))
        }
        try each("SELECT order_id, code FROM discount_codes WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position") {
            children.addDiscountCode(of: try $0.int(0), $0.text(1))
        }
        try each("SELECT order_id, amount_minor FROM refunds WHERE order_id = ANY($1::bigint[])") {
            children.addRefund(of: try $0.int(0), amountMinor: try $0.int64(1))
        }
        return children.finished()
    }

    /// A row of `OrderIndexRow.selectColumns`.
    private static func indexColumns(_ row: PostgresRow) throws -> OrderIndexRow.Columns {
        OrderIndexRow.Columns(
            id: try row.int(0), number: row.text(1), source: row.text(2), customer: row.text(3), email: row.text(4),
            country: row.text(5), createdMilliseconds: try row.int64(6), paidMilliseconds: try row.optionalInt64(7),
            payment: row.text(8), fulfillment: row.text(9), cancelledMilliseconds: try row.optionalInt64(10),
            closed: row.bool(11), sourceStatus: row.optionalText(12), flagged: row.bool(13),
            assignee: row.optionalText(14), version: try row.int(15), totalKey: try row.int64(16), currency: row.text(17),
            shopCurrency: row.optionalText(18), outstandingKey: try row.int64(19), itemCount: try row.int(20),
            risk: row.optionalText(21), customerGroup: row.optionalText(22))
    }
}
