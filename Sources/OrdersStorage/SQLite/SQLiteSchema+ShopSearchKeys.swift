import Foundation
import OrdersCore

extension SQLiteSchema {
    /// Derives the keys of migration 5 for the orders its SQL cannot: those with refunds, addresses or a
    /// shop currency (folding and money in each currency are Swift's), with the very functions the
    /// writes use (`OrderRows.shopSearchValues`). Runs in the migration's transaction; a database made
    /// before schema 4 has no such orders, so this reads nothing there.
    static func deriveShopSearchKeys(_ connection: SQLiteConnection) throws {
        var orders: [Order] = []
        try connection.statement("""
            SELECT \(OrderRows.selectColumns) FROM orders
            WHERE shop_currency IS NOT NULL OR id IN (SELECT order_id FROM refunds UNION SELECT order_id FROM addresses)
            ORDER BY id
            """).forEachRow { orders.append(try OrderRows.decodeOrder($0)) }
        guard !orders.isEmpty else { return }
        try OrderRows.loadChildren(of: &orders, from: connection)
        let update = try connection.statement(
            "UPDATE orders SET " + OrderRows.shopSearchColumns.map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?")
        var keys = SearchKeys()
        for order in orders {
            let money = try OrderRows.Money(order)
            try update.run(OrderRows.shopSearchValues(order, money: money, keys: &keys) + [.int(order.id.number)])
        }
    }
}
