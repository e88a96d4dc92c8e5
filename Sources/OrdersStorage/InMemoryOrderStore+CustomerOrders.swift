import OrdersCore

extension InMemoryOrderStore {
    public func orders(ofCustomer customer: CustomerMatch) async throws -> [Order] {
        var orders: [Order] = []
        for try await batch in scanAll(batchSize: 10_000) { orders += batch.filter(customer.matches) }
        return orders.sorted(by: CustomerMatch.newestFirst)
    }
}
