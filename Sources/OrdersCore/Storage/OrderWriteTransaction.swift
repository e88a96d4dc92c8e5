/// One write transaction of `OrderStore.writeAllOrNothing`, open while its body runs.
public protocol OrderWriteTransaction: Sendable {
    /// `OrderStore.orders(numberedAmong:)`, seeing this transaction's own writes.
    func orders(numberedAmong references: [OrderReference]) async throws -> [Order]
    /// `OrderStore.history(of:)`, seeing this transaction's own writes.
    func history(of id: OrderID) async throws -> [AuditEntry]
    /// The key above every key stored, for new orders.
    func firstFreeKey() async throws -> Int
    /// `OrderStore.upsert(_:actor:expectedVersions:)` inside the transaction: a stale expected
    /// version throws `.conflict`, and the whole transaction is then rolled back. `audit` as there.
    func upsert(_ orders: [Order], expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws
}

extension OrderWriteTransaction {
    public func upsert(_ orders: [Order], expectedVersions: [OrderID: Int]) async throws {
        try await upsert(orders, expectedVersions: expectedVersions, audit: [])
    }
}
