import OrdersCore
import Synchronization

/// The transaction of `writeAllOrNothing` for a store without one that spans calls (the
/// in-memory store, PostgreSQL for now, stores wrapping another): the orders are gathered and
/// written by one `upsert` at the end, so the all-or-nothing promise holds, though not the
/// bounded memory of SQLite's own transaction. Reads go to the store as it was before.
package final class StagedOrderWrites: OrderWriteTransaction {
    private let store: any OrderStore
    private let staged = Mutex<(orders: [Order], expectedVersions: [OrderID: Int], audit: [AuditEntry],
                                digests: [ShopDigestRecord])>(([], [:], [], []))

    package init(store: any OrderStore) {
        self.store = store
    }

    package func orders(numberedAmong references: [OrderReference]) async throws -> [Order] {
        try await store.orders(numberedAmong: references)
    }

    package func history(of id: OrderID) async throws -> [AuditEntry] {
        try await store.history(of: id)
    }

    package func firstFreeKey() async throws -> Int {
        let newest = try await store.orders(matching: OrderQuery(sort: OrderSort(.id, ascending: false)),
                                            page: PageRequest(offset: 0, limit: 1)).orders.first
        return (newest?.id.number ?? 0) + 1
    }

    package func upsert(_ orders: [Order], expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws {
        staged.withLock { staged in
            staged.orders += orders
            staged.audit += audit
            staged.expectedVersions.merge(expectedVersions) { _, new in new }
        }
    }

    package func currentShopDigests(of ids: [OrderID]) async throws -> [OrderID: ShopRowsDigest] {
        guard let store = store as? any ShopDigestStore, !ids.isEmpty else { return [:] }
        return try await store.currentShopDigests(of: ids)
    }

    /// Gathered like the orders: stored with them at the end, each only if its order is then at
    /// the version it was compared at (or was written by this commit).
    package func recordShopDigests(_ records: [ShopDigestRecord]) async throws {
        staged.withLock { $0.digests += records }
    }

    /// Writes everything staged in one transaction.
    func commit(actor: String) async throws {
        let (orders, expectedVersions, audit, digests) = staged.withLock {
            ($0.orders, $0.expectedVersions, $0.audit, $0.digests)
        }
        if let store = store as? any ShopDigestStore, !digests.isEmpty {
            try await store.upsert(orders, actor: actor, expectedVersions: expectedVersions, audit: audit, digests: digests)
            return
        }
        guard !orders.isEmpty else { return }
        try await store.upsert(orders, actor: actor, expectedVersions: expectedVersions, audit: audit)
    }
}
