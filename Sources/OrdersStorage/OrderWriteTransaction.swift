import OrdersCore

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
    /// `ShopDigestStore.currentShopDigests(of:)`, seeing this transaction's own writes; none on a
    /// store that keeps no digests, so every order takes a re-import's full path.
    func currentShopDigests(of ids: [OrderID]) async throws -> [OrderID: ShopRowsDigest]
    /// Stores digests of a shop's rows beside their orders, in this transaction (`ShopDigestRecord`);
    /// dropped on a store that keeps none.
    func recordShopDigests(_ records: [ShopDigestRecord]) async throws
}

extension OrderWriteTransaction {
    public func upsert(_ orders: [Order], expectedVersions: [OrderID: Int]) async throws {
        try await upsert(orders, expectedVersions: expectedVersions, audit: [])
    }

    public func currentShopDigests(of ids: [OrderID]) async throws -> [OrderID: ShopRowsDigest] { [:] }

    public func recordShopDigests(_ records: [ShopDigestRecord]) async throws {}
}
