import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import Synchronization

/// A real store whose connection can be taken away and given back, as a server restart does:
/// while it is down every read and write fails as the PostgreSQL store says it.
final class DroppableStore: OrderStore {
    let base: InMemoryOrderStore
    private let down = Mutex(false)

    init(base: InMemoryOrderStore) {
        self.base = base
    }

    static let readMessage = "The database cannot be reached (server closed the connection unexpectedly)."
    static let writeMessage = "The database cannot be reached, so nothing was saved (server closed the connection unexpectedly)."

    func drop() { down.withLock { $0 = true } }
    func reconnect() { down.withLock { $0 = false } }

    private func reachable(writing: Bool = false) throws {
        if down.withLock({ $0 }) { throw OrderStoreError.unreachable(writing ? Self.writeMessage : Self.readMessage) }
    }

    func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order {
        try reachable(writing: true)
        return try await base.update(id, expectedVersion: expectedVersion, mutations: mutations, actor: actor)
    }
    func orders(matching query: OrderQuery, page: PageRequest) async throws -> OrderPage {
        try reachable()
        return try await base.orders(matching: query, page: page)
    }
    func countsByStatus(matching query: OrderQuery) async throws -> [OrderStatus: Int] {
        try reachable()
        return try await base.countsByStatus(matching: query)
    }
    func scanAll(batchSize: Int) -> AsyncThrowingStream<[Order], Error> { base.scanAll(batchSize: batchSize) }
    func order(_ id: OrderID) async throws -> Order? {
        try reachable()
        return try await base.order(id)
    }
    func orders(withIDs ids: [OrderID]) async throws -> [Order] {
        try reachable()
        return try await base.orders(withIDs: ids)
    }
    func orders(numbered reference: OrderReference) async throws -> [Order] { try await base.orders(numbered: reference) }
    func orders(ofCustomer customer: CustomerMatch) async throws -> [Order] { try await base.orders(ofCustomer: customer) }
    func insert(_ orders: [Order]) async throws { try await base.insert(orders) }
    func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws {
        try reachable(writing: true)
        try await base.upsert(orders, actor: actor, expectedVersions: expectedVersions, audit: audit)
    }
    func history(of id: OrderID) async throws -> [AuditEntry] {
        try reachable()
        return try await base.history(of: id)
    }
    func changes() -> AsyncStream<OrderStoreChange> { base.changes() }
    var databaseUser: String { base.databaseUser }
    func operators() async throws -> [String] { try await base.operators() }
}
