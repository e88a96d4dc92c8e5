import Synchronization

/// The transaction of `writeAllOrNothing` for a store without one that spans calls (the
/// in-memory store, PostgreSQL for now, stores wrapping another): the orders are gathered and
/// written by one `upsert` at the end, so the all-or-nothing promise holds, though not the
/// bounded memory of SQLite's own transaction. Reads go to the store as it was before.
final class StagedOrderWrites: OrderWriteTransaction {
    private let store: any OrderStore
    private let staged = Mutex<(orders: [Order], expectedVersions: [OrderID: Int], audit: [AuditEntry])>(([], [:], []))

    init(store: any OrderStore) {
        self.store = store
    }

    func orders(numberedAmong references: [OrderReference]) async throws -> [Order] {
        try await store.orders(numberedAmong: references)
    }

    func history(of id: OrderID) async throws -> [AuditEntry] {
        try await store.history(of: id)
    }

    func firstFreeKey() async throws -> Int {
        let newest = try await store.orders(matching: OrderQuery(sort: OrderSort(.id, ascending: false)),
                                            page: PageRequest(offset: 0, limit: 1)).orders.first
        return (newest?.id.number ?? 0) + 1
    }

    func upsert(_ orders: [Order], expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws {
        staged.withLock { staged in
            staged.orders += orders
            staged.audit += audit
            staged.expectedVersions.merge(expectedVersions) { _, new in new }
        }
    }

    /// Writes everything staged in one transaction.
    func commit(actor: String) async throws {
        let (orders, expectedVersions, audit) = staged.withLock { ($0.orders, $0.expectedVersions, $0.audit) }
        guard !orders.isEmpty else { return }
        try await store.upsert(orders, actor: actor, expectedVersions: expectedVersions, audit: audit)
    }
}
