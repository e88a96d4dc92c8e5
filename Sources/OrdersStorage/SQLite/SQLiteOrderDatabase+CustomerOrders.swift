import OrdersCore

extension SQLiteOrderDatabase {
    /// Every order of one customer, newest first (`OrderStore.orders(ofCustomer:)`).
    func orders(ofCustomer customer: CustomerMatch) throws -> [Order] {
        try guarded {
            try connection.readTransaction {
                let condition = customer.sqlCondition(.sqlite)
                var orders: [Order] = []
                try connection.statement("SELECT \(OrderRows.selectColumns) FROM orders WHERE \(condition.sql) "
                                         + CustomerMatch.newestFirstSQL)
                    .forEachRow([.text(condition.value)]) { orders.append(try OrderRows.decodeOrder($0)) }
                try OrderRows.loadChildren(of: &orders, from: connection)
                return orders
            }
        }
    }
}
