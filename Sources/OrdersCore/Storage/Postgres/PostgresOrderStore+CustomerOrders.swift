extension PostgresOrderStore {
    public func orders(ofCustomer customer: CustomerMatch) async throws -> [Order] {
        try await database.orders(ofCustomer: customer)
    }
}
