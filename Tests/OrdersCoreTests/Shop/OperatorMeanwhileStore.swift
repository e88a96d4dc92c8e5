import Foundation
import Synchronization
@testable import OrdersCore

/// A real store with an operator at work: the first time an import reads an order's history
/// (it is about to merge that order), the operator flags the order, so the merge is based on a
/// version that is no longer the stored one when the import writes.
final class OperatorMeanwhileStore: OrderStore {
    let base: any OrderStore
    private let acted = Mutex(false)

    init(base: any OrderStore) {
        self.base = base
    }

    func history(of id: OrderID) async throws -> [AuditEntry] {
        let entries = try await base.history(of: id)
        if acted.withLock({ done in defer { done = true }; return !done }), let order = try await base.order(id) {
            try await base.update(id, expectedVersion: order.version, mutations: [.setFlagged(true)], actor: "ana")
        }
        return entries
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
    func changes() -> AsyncStream<OrderStoreChange> { base.changes() }
    var databaseUser: String { base.databaseUser }
    func operators() async throws -> [String] { try await base.operators() }
}
