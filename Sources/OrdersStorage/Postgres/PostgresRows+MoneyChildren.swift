import Foundation
import OrdersCore

extension PostgresRows {
    /// The discount code, adjustment, refund and refund line rows of one order, amounts as `money` converted them.
    static func moneyChildRows(of order: Order, money: OrderRows.Money, into children: inout [ChildTable: [[String?]]]) {
        let id = String(order.id.number)
        children[discountCodes] = zip(order.discountCodes, money.discountCodes).enumerated().map { position, pair -> [String?] in
            [id, String(position), pair.0.code, String(pair.1)]
        }
        children[adjustments] = zip(order.adjustments, money.adjustments).enumerated().map { position, pair -> [String?] in
            [id, String(position), pair.0.kind.rawValue, pair.0.label, String(pair.1)]
        }
        var refundRows: [[String?]] = []
        var lineRows: [[String?]] = []
        for (position, (refund, amounts)) in zip(order.refunds, money.refunds).enumerated() {
            refundRows.append([id, String(position), refund.id, String(refund.createdAt.millisecondsSince1970), refund.reason,
                               String(amounts.amount), String(amounts.shipping), refund.restock ? "true" : "false"])
            for (linePosition, line) in refund.lines.enumerated() {
                lineRows.append([id, String(position), String(linePosition), String(line.line), String(line.quantity)])
            }
        }
        children[refunds] = refundRows
        children[refundLines] = lineRows
    }

    /// Fills in the discount codes, adjustments and refunds (with their lines) of the orders in
    /// `index` (id → position), whose ids `ids` holds as one array parameter: one query per table.
    static func loadMoneyChildren(of orders: inout [Order], index: [Int: Int], ids: [String?],
                                  from connection: PostgresConnection) throws {
        for row in try connection.execute("""
            SELECT order_id, code, amount_minor FROM discount_codes
            WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position
            """, ids).rows.map(PostgresRow.init) {
            guard let at = index[try row.int(0)] else { continue }
            orders[at].discountCodes.append(DiscountCode(code: row.text(1), amount: orders[at].currency.amount(minorUnits: try row.int64(2))))
        }
        for row in try connection.execute("""
            SELECT order_id, kind, label, amount_minor FROM adjustments
            WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position
            """, ids).rows.map(PostgresRow.init) {
            guard let at = index[try row.int(0)] else { continue }
            guard let kind = OrderAdjustment.Kind(rawValue: row.text(1)) else {
                throw OrderStoreError.unusable("Order \(orders[at].id) has an unknown kind of adjustment \"\(row.text(1))\" in the database.")
            }
            orders[at].adjustments.append(OrderAdjustment(kind: kind, label: row.text(2),
                                                          amount: orders[at].currency.amount(minorUnits: try row.int64(3))))
        }
        for row in try connection.execute("""
            SELECT order_id, refund_id, created_ms, reason, amount_minor, shipping_minor, restock FROM refunds
            WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position
            """, ids).rows.map(PostgresRow.init) {
            guard let at = index[try row.int(0)] else { continue }
            let currency = orders[at].currency
            orders[at].refunds.append(Refund(
                id: row.text(1), createdAt: Date(millisecondsSince1970: try row.int64(2)), reason: row.optionalText(3),
                amount: currency.amount(minorUnits: try row.int64(4)), shipping: currency.amount(minorUnits: try row.int64(5)),
                restock: row.bool(6)))
        }
        for row in try connection.execute("""
            SELECT order_id, refund_position, line_position, quantity FROM refund_lines
            WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, refund_position, position
            """, ids).rows.map(PostgresRow.init) {
            guard let at = index[try row.int(0)] else { continue }
            let refund = try row.int(1)
            guard orders[at].refunds.indices.contains(refund) else {
                throw OrderStoreError.unusable("Order \(orders[at].id) has a refund line without its refund in the database.")
            }
            orders[at].refunds[refund].lines.append(RefundLine(line: try row.int(2), quantity: try row.int(3)))
        }
    }
}
