import Foundation
@testable import OrdersCore

/// A real PostgreSQL store whose search counts (`listTally`) and places (`listPosition`) wait at
/// gates the test opens: a scan of a few million orders cannot be made slow on purpose in a test,
/// so this holds the reads back instead (everything else is the real store). The gates start open,
/// so the list loads.
final class HeldTallyStore: ServerListStore {
    let base: PostgresOrderStore
    let gate = TallyGate()
    let positions = TallyGate()

    init(base: PostgresOrderStore) {
        self.base = base
    }

    func listTally(matching query: OrderQuery) async throws -> ListTally {
        await gate.pass()
        return try await base.listTally(matching: query)
    }

    func orderCount(exactBelow threshold: Int) async throws -> Int { try await base.orderCount(exactBelow: threshold) }
    func listRows(matching query: OrderQuery, from start: ListWindowStart, limit: Int) async throws -> [OrderIndexRow] {
        try await base.listRows(matching: query, from: start, limit: limit)
    }
    func listRows(ids: [OrderID]) async throws -> [OrderIndexRow] { try await base.listRows(ids: ids) }
    func listMarks(matching query: OrderQuery, limit: Int) async throws -> [ListMark] {
        try await base.listMarks(matching: query, limit: limit)
    }
    func listFrequency(matching query: OrderQuery, of field: FrequencyField) async throws -> [FrequencyRow] {
        try await base.listFrequency(matching: query, of: field)
    }
    func listPosition(of cursor: PageCursor, matching query: OrderQuery) async throws -> Int {
        await positions.pass()
        return try await base.listPosition(of: cursor, matching: query)
    }
    func dashboardFigures(settings: DashboardSettings) async throws -> DashboardFigures {
        try await base.dashboardFigures(settings: settings)
    }
    func orders(matching query: OrderQuery, page: PageRequest) async throws -> OrderPage {
        try await base.orders(matching: query, page: page)
    }
    func countsByStatus(matching query: OrderQuery) async throws -> [OrderStatus: Int] {
        try await base.countsByStatus(matching: query)
    }
    func scanAll(batchSize: Int) -> AsyncThrowingStream<[Order], Error> { base.scanAll(batchSize: batchSize) }
    func scanIndexRows(batchSize: Int) -> AsyncThrowingStream<[OrderIndexRow], Error> { base.scanIndexRows(batchSize: batchSize) }
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

/// Where `HeldTallyStore`'s counts (or places) wait while the test holds them, and how many were asked for.
actor TallyGate {
    private var isOpen = true
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// How many counts were asked for since the gate was last closed.
    private(set) var asked = 0

    /// Holds every count asked for from now on, until `open()`.
    func close() {
        isOpen = false
        asked = 0
    }

    /// Lets the counts held through, and every later one.
    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }

    /// How many counts were asked for, once `expected` were (or 5 s passed): the list asks from a
    /// task of its own, which may not have reached the store yet when the rows are in. A little
    /// longer, so that a count asked for beyond `expected` is caught too.
    func asked(expecting expected: Int) async -> Int {
        for _ in 0..<500 where asked < expected {
            try? await Task.sleep(for: .milliseconds(10))
        }
        try? await Task.sleep(for: .milliseconds(50))
        return asked
    }

    /// Waits while the gate is closed.
    func pass() async {
        asked += 1
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }
}
