import Foundation
@testable import OrdersCore

/// A real store whose connection drops while an update's commit is on its way, after the
/// server stored it: the caller hears "outcome unknown" though the write is in. The moment
/// cannot be hit on purpose with a real server, so this wraps one (the rest is the real store).
final class CommitLostStore: OrderStore {
    let base: InMemoryOrderStore

    init(base: InMemoryOrderStore) {
        self.base = base
    }

    static let message = "The connection to the database dropped while saving (server closed the connection unexpectedly); "
        + "whether it was saved is not known, so the order is read again."

    func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order {
        try await base.update(id, expectedVersion: expectedVersion, mutations: mutations, actor: actor)
        throw OrderStoreError.outcomeUnknown(Self.message)
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
    func history(of id: OrderID) async throws -> [AuditEntry] { try await base.history(of: id) }
    func changes() -> AsyncStream<OrderStoreChange> { base.changes() }
    var databaseUser: String { base.databaseUser }
    func operators() async throws -> [String] { try await base.operators() }
}
