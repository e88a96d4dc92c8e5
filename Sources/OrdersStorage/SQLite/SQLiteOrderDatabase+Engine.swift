import OrdersCore

/// The SQLite file's engine: its operations are in the `SQLiteOrderDatabase+…` files.
extension SQLiteOrderDatabase: OrderStoreEngine {
    static func prepare(_ orders: [Order]) throws -> [OrderRows.Prepared] {
        try OrderRows.prepare(orders)
    }
}
