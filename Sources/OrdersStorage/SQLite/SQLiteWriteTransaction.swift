import Foundation
import OrdersCore
import Synchronization

/// `OrderWriteTransaction` on SQLite's connection: every call runs inside the one open
/// `BEGIN IMMEDIATE` transaction, so its reads see its writes and no other writer can change
/// what it read before it commits (an expected version can never be stale here).
final class SQLiteWriteTransaction: OrderWriteTransaction {
    private let database: SQLiteOrderDatabase
    private let actor: String
    private let date: Date
    /// The first keys written (as many as observers are told of one by one) and how many in all.
    private let written = Mutex<(ids: [OrderID], count: Int)>(([], 0))

    init(database: SQLiteOrderDatabase, actor: String, at date: Date) {
        self.database = database
        self.actor = actor
        self.date = date
    }

    var writtenIDs: (ids: [OrderID], count: Int) { written.withLock { $0 } }

    func orders(numberedAmong references: [OrderReference]) async throws -> [Order] {
        guard !references.isEmpty else { return [] }
        return try await database.ordersInTransaction(numberedAmong: references)
    }

    func history(of id: OrderID) async throws -> [AuditEntry] {
        try await database.history(of: id)
    }

    func firstFreeKey() async throws -> Int {
        try await database.firstFreeKeyInTransaction()
    }

    func upsert(_ orders: [Order], expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws {
        guard !orders.isEmpty else { return }
        try StoreRules.validate(orders)
        let ids = try await database.upsertRows(orders, actor: actor, expectedVersions: expectedVersions, at: date,
                                                audit: audit, door: .import)
        written.withLock { written in
            written.ids += ids.prefix(max(0, SQLiteOrderDatabase.maxListedChanges - written.ids.count))
            written.count += ids.count
        }
    }

    func currentShopDigests(of ids: [OrderID]) async throws -> [OrderID: ShopRowsDigest] {
        guard !ids.isEmpty else { return [:] }
        return try await database.shopDigests(of: ids)
    }

    func recordShopDigests(_ records: [ShopDigestRecord]) async throws {
        try await database.recordShopDigestsInTransaction(records)
    }
}
