import Foundation
import OrdersCore

extension OrderRows {
    /// Fills in the discount codes, adjustments and refunds (with their lines) of those `orders`
    /// whose ids lie in `ids`, one query per table. One order's children are read with a range of one.
    static func loadMoneyChildren(of orders: inout [Order], idRange ids: ClosedRange<Int>, from connection: SQLiteConnection) throws {
        var index: [Int: Int] = [:]
        for position in orders.indices where ids.contains(orders[position].id.number) { index[orders[position].id.number] = position }
        try loadMoneyChildren(of: &orders, index: index, idRange: ids, from: connection)
    }

    /// The same for one order already known to sit at `position`: a page of scattered ids reads
    /// its orders one by one, and finding each by scanning the page would make a page of n
    /// orders cost n² (a 1,500-order page took minutes in a debug build).
    static func loadMoneyChildren(ofOrderAt position: Int, in orders: inout [Order], from connection: SQLiteConnection) throws {
        let id = orders[position].id.number
        try loadMoneyChildren(of: &orders, index: [id: position], idRange: id...id, from: connection)
    }

    private static func loadMoneyChildren(of orders: inout [Order], index: [Int: Int], idRange ids: ClosedRange<Int>,
                                          from connection: SQLiteConnection) throws {
        guard !index.isEmpty else { return }
        let bounds: [SQLiteValue] = [.int(ids.lowerBound), .int(ids.upperBound)]
        try connection.statement("""
            SELECT order_id, code, amount_minor FROM discount_codes
            WHERE order_id BETWEEN ? AND ? ORDER BY order_id, position
            """).forEachRow(bounds) { row in
            guard let at = index[row.int(0)] else { return }
            orders[at].discountCodes.append(DiscountCode(code: row.text(1), amount: orders[at].currency.amount(minorUnits: row.int64(2))))
        }
        try connection.statement("""
            SELECT order_id, kind, label, amount_minor FROM adjustments
            WHERE order_id BETWEEN ? AND ? ORDER BY order_id, position
            """).forEachRow(bounds) { row in
            guard let at = index[row.int(0)] else { return }
            guard let kind = OrderAdjustment.Kind(rawValue: row.text(1)) else {
                throw OrderStoreError.unusable("Order \(orders[at].id) has an unknown kind of adjustment \"\(row.text(1))\" in the database.")
            }
            orders[at].adjustments.append(OrderAdjustment(kind: kind, label: row.text(2),
                                                          amount: orders[at].currency.amount(minorUnits: row.int64(3))))
        }
        try connection.statement("""
            SELECT order_id, refund_id, created_ms, reason, amount_minor, shipping_minor, restock FROM refunds
            WHERE order_id BETWEEN ? AND ? ORDER BY order_id, position
            """).forEachRow(bounds) { row in
            guard let at = index[row.int(0)] else { return }
            let currency = orders[at].currency
            orders[at].refunds.append(Refund(
                id: row.text(1), createdAt: Date(millisecondsSince1970: row.int64(2)), reason: row.optionalText(3),
                amount: currency.amount(minorUnits: row.int64(4)), shipping: currency.amount(minorUnits: row.int64(5)),
                restock: row.int(6) != 0))
        }
        try connection.statement("""
            SELECT order_id, refund_position, line_position, quantity FROM refund_lines
            WHERE order_id BETWEEN ? AND ? ORDER BY order_id, refund_position, position
            """).forEachRow(bounds) { row in
            guard let at = index[row.int(0)] else { return }
            guard orders[at].refunds.indices.contains(row.int(1)) else {
                throw OrderStoreError.unusable("Order \(OrderID(row.int(0))) has a refund line without its refund in the database.")
            }
            orders[at].refunds[row.int(1)].lines.append(RefundLine(line: row.int(2), quantity: row.int(3)))
        }
        try loadPeopleRows(of: &orders, index: index, bounds: bounds, from: connection)
    }
}
