import OrdersCore

extension PostgresOrderDatabase {
    /// Every order of one customer, newest first (`OrderStore.orders(ofCustomer:)`).
    func orders(ofCustomer customer: CustomerMatch) throws -> [Order] {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                let condition = customer.sqlCondition(.postgresql)
                return try PostgresRows.loadOrders("SELECT \(PostgresRows.selectColumns) FROM orders WHERE \(condition.sql) "
                                                   + CustomerMatch.newestFirstSQL, [condition.value], from: connection)
            }
        }
    }
}
