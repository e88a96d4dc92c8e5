import Foundation
import OrdersCore

extension OrderRows {
    /// Fills in the child rows of orders whose ids all lie in `ids`, reading each
    /// child table once in id order (much faster than one lookup per order when
    /// scanning a whole database).
    static func loadChildren(of orders: inout [Order], idRange ids: ClosedRange<Int>, from connection: SQLiteConnection) throws {
        var index: [Int: Int] = [:]
        index.reserveCapacity(orders.count)
        for (position, order) in orders.enumerated() { index[order.id.number] = position }
        let bounds: [SQLiteValue] = [.int(ids.lowerBound), .int(ids.upperBound)]
        try connection.statement("""
            SELECT order_id, sku, title, quantity, unit_price_minor, fulfilled_quantity, line_total_minor FROM line_items
            WHERE order_id BETWEEN ? AND ? ORDER BY order_id, position
            """).forEachRow(bounds) { row in
            guard let at = index[row.int(0)] else { return }
            let currency = orders[at].currency
            orders[at].items.append(LineItem(sku: row.text(1), title: row.text(2), quantity: row.int(3),
                                             unitPrice: currency.amount(minorUnits: row.int64(4)), fulfilledQuantity: row.int(5),
                                             statedLineTotal: row.isNull(6) ? nil : currency.amount(minorUnits: row.int64(6))))
        }
        try connection.statement("SELECT order_id, tag FROM tags WHERE order_id BETWEEN ? AND ? ORDER BY order_id, position")
            .forEachRow(bounds) { row in
                guard let at = index[row.int(0)] else { return }
                orders[at].tags.append(row.text(1))
            }
        try connection.statement("""
            SELECT order_id, created_ms, author, text FROM notes
            WHERE order_id BETWEEN ? AND ? ORDER BY order_id, position
            """).forEachRow(bounds) { row in
            guard let at = index[row.int(0)] else { return }
            orders[at].notes.append(OrderNote(createdAt: Date(millisecondsSince1970: row.int64(1)),
                                              author: row.text(2), text: row.text(3)))
        }
        try loadMoneyChildren(of: &orders, idRange: ids, from: connection)
    }
}
