import Foundation
import OrdersCore

/// A store whose work is done by a database engine actor (`OrderStoreEngine`). Its forwarding is
/// written once here for both engines: the orders are checked before anything is sent
/// (`StoreRules.validate`), writes are stamped with the store's clock, and what a write changed is
/// told to this process's observers (`broadcaster`); other processes hear of it through the engine
/// (SQLite's change log, PostgreSQL's `NOTIFY`).
protocol EngineBackedStore: OrderStore {
    associatedtype Engine: OrderStoreEngine
    var database: Engine { get }
    var now: @Sendable () -> Date { get }
    var broadcaster: ChangeBroadcaster { get }
}

extension EngineBackedStore {
    public func orders(matching query: OrderQuery, page: PageRequest) async throws -> OrderPage {
        try await database.orders(matching: query, page: page)
    }

    public func countsByStatus(matching query: OrderQuery) async throws -> [OrderStatus: Int] {
        try await database.countsByStatus(matching: query)
    }

    public func scanAll(batchSize: Int) -> AsyncThrowingStream<[Order], Error> {
        let database = self.database
        return PagedScan.stream(batchSize: batchSize, id: \.id.number) { afterID, limit in
            try await database.batch(after: afterID, limit: limit)
        }
    }

    public func scanIndexRows(batchSize: Int) -> AsyncThrowingStream<[OrderIndexRow], Error> {
        let database = self.database
        return PagedScan.stream(batchSize: batchSize, id: \.id.number) { afterID, limit in
            try await database.indexRows(after: afterID, limit: limit)
        }
    }

    public func order(_ id: OrderID) async throws -> Order? {
        try await database.order(id)
    }

    public func orders(withIDs ids: [OrderID]) async throws -> [Order] {
        guard !ids.isEmpty else { return [] }
        return try await database.orders(withIDs: ids.map(\.number))
    }

    public func orders(numbered reference: OrderReference) async throws -> [Order] {
        try await database.orders(numbered: reference)
    }

    public func orders(numberedAmong references: [OrderReference]) async throws -> [Order] {
        guard !references.isEmpty else { return [] }
        return try await database.orders(numberedAmong: references)
    }

    public func orders(ofCustomer customer: CustomerMatch) async throws -> [Order] {
        try await database.orders(ofCustomer: customer)
    }

    public func history(of id: OrderID) async throws -> [AuditEntry] {
        try await database.history(of: id)
    }

    public func operators() async throws -> [String] {
        try await database.operators()
    }

    public func insert(_ orders: [Order]) async throws {
        guard !orders.isEmpty else { return }
        let prepared = try Engine.prepare(orders)
        if let change = try await database.insert(prepared) { broadcaster.send(change) }
    }

    /// An upsert is the digest store's with no digests (`EngineBackedStore+ShopDigests`): one write path.
    public func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws {
        try await upsert(orders, actor: actor, expectedVersions: expectedVersions, audit: audit, digests: [])
    }

    /// The batch of one: the same transaction, checks and writes as many orders'.
    @discardableResult
    public func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order {
        try await write([OrderUpdate(id: id, expectedVersion: expectedVersion, mutations: mutations)], actor: actor).single()
    }

    public func update(_ changes: [OrderUpdate], actor: String) async -> [OrderUpdateOutcome] {
        await OrderUpdateChunks.outcomes(of: changes) { chunk in try await write(chunk, actor: actor) }
    }

    /// Updates in one transaction; its change goes to this process's observers.
    private func write(_ changes: [OrderUpdate], actor: String) async throws -> [OrderUpdateOutcome] {
        let (outcomes, change) = try await database.update(changes, actor: actor, at: now().wholeMilliseconds)
        if let change { broadcaster.send(change) }
        return outcomes
    }

    public func transferBatch(after afterID: OrderID?, limit: Int) async throws -> OrderTransferBatch {
        try await database.transferBatch(after: afterID?.number ?? Int.min, limit: max(limit, 1))
    }
}
