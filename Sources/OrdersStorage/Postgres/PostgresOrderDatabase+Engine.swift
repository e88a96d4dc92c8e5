import OrdersCore

/// The server's engine: its operations are in the `PostgresOrderDatabase+…` files.
extension PostgresOrderDatabase: OrderStoreEngine {
    static func prepare(_ orders: [Order]) throws -> [PostgresRows.Prepared] {
        try PostgresRows.prepare(orders)
    }
}
