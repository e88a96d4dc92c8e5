import Foundation
import Synchronization
@testable import OrdersCore

/// A real store whose long write calls `afterFirstWrite` once its first batch is written inside
/// the transaction: an operator pressing Esc in the middle of an import, at a known moment.
final class CancelAfterFirstWriteStore: OrderStore {
    let base: any OrderStore
    let afterFirstWrite: @Sendable () async -> Void

    init(base: any OrderStore, afterFirstWrite: @escaping @Sendable () async -> Void) {
        self.base = base
        self.afterFirstWrite = afterFirstWrite
    }

    func writeAllOrNothing<Result: Sendable>(
        actor: String, _ body: (_ transaction: any OrderWriteTransaction) async throws -> Result
    ) async throws -> Result {
        try await base.writeAllOrNothing(actor: actor) { transaction in
            try await body(Transaction(base: transaction, afterFirstWrite: afterFirstWrite))
        }
    }

    /// The store's own transaction, calling the hook after its first upsert.
    final class Transaction: OrderWriteTransaction {
        let base: any OrderWriteTransaction
        let afterFirstWrite: @Sendable () async -> Void
        private let wrote = Mutex(false)

        init(base: any OrderWriteTransaction, afterFirstWrite: @escaping @Sendable () async -> Void) {
            self.base = base
            self.afterFirstWrite = afterFirstWrite
        }

        func orders(numberedAmong references: [OrderReference]) async throws -> [Order] {
            try await base.orders(numberedAmong: references)
        }
        func history(of id: OrderID) async throws -> [AuditEntry] { try await base.history(of: id) }
        func firstFreeKey() async throws -> Int { try await base.firstFreeKey() }
        func upsert(_ orders: [Order], expectedVersions: [OrderID: Int]) async throws {
            try await base.upsert(orders, expectedVersions: expectedVersions)
            if wrote.withLock({ done in defer { done = true }; return !done }) { await afterFirstWrite() }
        }
    }

    func orders(matching query: OrderQuery, page: PageRequest) async throws -> OrderPage {
        try await base.orders(matching: query, page: page)
    }
    func countsByStatus(matching query: OrderQuery) async throws -> [OrderStatus: Int] {
        try await base.countsByStatus(matching: query)
    }
    func scanAll(batchSize: Int) -> AsyncThrowingStream<[Order], Error> { base.scanAll(batchSize: batchSize) }
    func order(_ id: OrderID) async throws -> Order? { try await base.order(id) }
    func orders(numbered reference: OrderReference) async throws -> [Order] { try await base.orders(numbered: reference) }
    func orders(ofCustomer customer: CustomerMatch) async throws -> [Order] { try await base.orders(ofCustomer: customer) }
    func insert(_ orders: [Order]) async throws { try await base.insert(orders) }
    func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int]) async throws {
        try await base.upsert(orders, actor: actor, expectedVersions: expectedVersions)
    }
    func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order {
        try await base.update(id, expectedVersion: expectedVersion, mutations: mutations, actor: actor)
    }
    func history(of id: OrderID) async throws -> [AuditEntry] { try await base.history(of: id) }
    func changes() -> AsyncStream<OrderStoreChange> { base.changes() }
    var databaseUser: String { base.databaseUser }
    func operators() async throws -> [String] { try await base.operators() }
}
