import OrdersCore

extension OrderStore {
    /// One query per reference: the fallback for stores that wrap another; every real store
    /// answers with one query per source.
    public func orders(numberedAmong references: [OrderReference]) async throws -> [Order] {
        var found: [Order] = []
        for reference in references { found += try await orders(numbered: reference) }
        return OrderReference.sortedForLookup(found)
    }

    /// Gathers the writes and upserts them at the end (`StagedOrderWrites`).
    public func writeAllOrNothing<Result: Sendable>(
        actor: String, _ body: (_ transaction: any OrderWriteTransaction) async throws -> Result
    ) async throws -> Result {
        let transaction = StagedOrderWrites(store: self)
        let result = try await body(transaction)
        try await transaction.commit(actor: actor)
        return result
    }
}
