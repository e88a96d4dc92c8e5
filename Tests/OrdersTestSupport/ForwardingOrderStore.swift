import Foundation
import OrdersCore
import OrdersStorage

/// A real store with one thing changed: every call goes to `base` unless a subclass overrides it,
/// so a test writes only the call it injects into (a write that fails, a scan held at a gate, an
/// operator acting at a chosen moment) and the rest stays the real store's behaviour.
///
///     final class CommitLostStore: ForwardingOrderStore, @unchecked Sendable {
///         override func update(...) async throws -> Order { _ = try await super.update(...); throw ... }
///     }
///
/// Four calls do not go to `base` but run the protocol's own fallbacks over `self`, as they do for
/// any store that wraps another: `scanIndexRows` maps `scanAll`, `orders(numberedAmong:)` asks
/// `orders(numbered:)` per reference, `writeAllOrNothing` stages its writes and upserts them at
/// the end, and the batch `update(_:actor:)` (a list's action) runs the single `update` per order.
/// So an override of `scanAll`, `orders(numbered:)`, `history(of:)`, `upsert` or `update` is seen by
/// those too. A subclass that wants the base store's own (a database's narrow index query, its real
/// transaction) overrides them to call `base`.
///
/// `@unchecked Sendable`: the class holds only the base store; a subclass that adds state keeps it
/// in a `Mutex` or an actor and is marked `@unchecked Sendable` too.
open class ForwardingOrderStore: OrderStore, @unchecked Sendable {
    public let base: any OrderStore

    public init(_ base: any OrderStore) {
        self.base = base
    }

    open func orders(matching query: OrderQuery, page: PageRequest) async throws -> OrderPage {
        try await base.orders(matching: query, page: page)
    }
    open func countsByStatus(matching query: OrderQuery) async throws -> [OrderStatus: Int] {
        try await base.countsByStatus(matching: query)
    }
    open func scanAll(batchSize: Int) -> AsyncThrowingStream<[Order], Error> { base.scanAll(batchSize: batchSize) }
    open func order(_ id: OrderID) async throws -> Order? { try await base.order(id) }
    open func orders(withIDs ids: [OrderID]) async throws -> [Order] { try await base.orders(withIDs: ids) }
    open func orders(numbered reference: OrderReference) async throws -> [Order] { try await base.orders(numbered: reference) }
    open func orders(ofCustomer customer: CustomerMatch) async throws -> [Order] { try await base.orders(ofCustomer: customer) }
    open func insert(_ orders: [Order]) async throws { try await base.insert(orders) }
    open func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws {
        try await base.upsert(orders, actor: actor, expectedVersions: expectedVersions, audit: audit)
    }
    open func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order {
        try await base.update(id, expectedVersion: expectedVersion, mutations: mutations, actor: actor)
    }
    open func history(of id: OrderID) async throws -> [AuditEntry] { try await base.history(of: id) }
    open func changes() -> AsyncStream<OrderStoreChange> { base.changes() }
    open var databaseUser: String { base.databaseUser }
    open func operators() async throws -> [String] { try await base.operators() }

    // The protocol's fallbacks for a store that wraps another, declared here so that a subclass can
    // override them; they run over `Fallbacks`, which sends every call back to this store.

    open func scanIndexRows(batchSize: Int) -> AsyncThrowingStream<[OrderIndexRow], Error> {
        Fallbacks(store: self).scanIndexRows(batchSize: batchSize)
    }
    open func orders(numberedAmong references: [OrderReference]) async throws -> [Order] {
        try await Fallbacks(store: self).orders(numberedAmong: references)
    }
    open func writeAllOrNothing<Result: Sendable>(
        actor: String, _ body: (_ transaction: any OrderWriteTransaction) async throws -> Result
    ) async throws -> Result {
        try await Fallbacks(store: self).writeAllOrNothing(actor: actor, body)
    }
    open func update(_ changes: [OrderUpdate], actor: String) async -> [OrderUpdateOutcome] {
        await Fallbacks(store: self).update(changes, actor: actor)
    }
}

/// `store` without its own `scanIndexRows`, `orders(numberedAmong:)`, `writeAllOrNothing` and batch `update`, so that
/// the `OrderStore` extension's fallbacks answer them, calling `store` (and its overrides) for the rest.
private struct Fallbacks: OrderStore {
    let store: ForwardingOrderStore

    func orders(matching query: OrderQuery, page: PageRequest) async throws -> OrderPage {
        try await store.orders(matching: query, page: page)
    }
    func countsByStatus(matching query: OrderQuery) async throws -> [OrderStatus: Int] {
        try await store.countsByStatus(matching: query)
    }
    func scanAll(batchSize: Int) -> AsyncThrowingStream<[Order], Error> { store.scanAll(batchSize: batchSize) }
    func order(_ id: OrderID) async throws -> Order? { try await store.order(id) }
    func orders(withIDs ids: [OrderID]) async throws -> [Order] { try await store.orders(withIDs: ids) }
    func orders(numbered reference: OrderReference) async throws -> [Order] { try await store.orders(numbered: reference) }
    func orders(ofCustomer customer: CustomerMatch) async throws -> [Order] { try await store.orders(ofCustomer: customer) }
    func insert(_ orders: [Order]) async throws { try await store.insert(orders) }
    func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws {
        try await store.upsert(orders, actor: actor, expectedVersions: expectedVersions, audit: audit)
    }
    func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order {
        try await store.update(id, expectedVersion: expectedVersion, mutations: mutations, actor: actor)
    }
    func history(of id: OrderID) async throws -> [AuditEntry] { try await store.history(of: id) }
    func changes() -> AsyncStream<OrderStoreChange> { store.changes() }
    var databaseUser: String { store.databaseUser }
    func operators() async throws -> [String] { try await store.operators() }
}
