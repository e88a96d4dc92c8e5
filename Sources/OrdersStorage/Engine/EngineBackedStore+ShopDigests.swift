import Foundation
import OrdersCore

/// `ShopDigestStore` for both engines.
extension EngineBackedStore {
    public func currentShopDigests() async throws -> [ShopRowsDigest: ShopDigestOwner] {
        try await database.shopDigests()
    }

    public func currentShopDigests(of ids: [OrderID]) async throws -> [OrderID: ShopRowsDigest] {
        guard !ids.isEmpty else { return [:] }
        return try await database.shopDigests(of: ids)
    }

    public func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], audit: [AuditEntry],
                       digests: [ShopDigestRecord]) async throws {
        guard !orders.isEmpty || !digests.isEmpty else { return }
        try StoreRules.validate(orders)
        if let change = try await database.upsert(orders, actor: actor, expectedVersions: expectedVersions,
                                                  at: now().wholeMilliseconds, audit: audit, digests: digests) {
            broadcaster.send(change)
        }
    }
}
