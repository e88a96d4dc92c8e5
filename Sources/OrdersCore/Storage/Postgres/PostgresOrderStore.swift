import Foundation
import Synchronization

/// The store for teams: one PostgreSQL database that every operator's `orders` uses at
/// once. Same rules as the SQLite store (optimistic versions, audit trail, every write one
/// transaction, appends that never conflict) and the same answers to every query.
public final class PostgresOrderStore: OrderStore {
    let database: PostgresOrderDatabase
    /// The served list's counts, on a connection of their own (opened at the first).
    let counts: PostgresCountsConnection
    let now: @Sendable () -> Date
    let broadcaster = ChangeBroadcaster()
    /// Whether the server can be reached now, from every connection (`connectionHealth()`).
    let health = ConnectionHealthMonitor()
    private let listener = ListenerSlot()

    /// Connects with a libpq connection string (a `postgresql://` URL or `key=value` pairs)
    /// and brings the schema up to date, creating it in an empty database when `mayCreateSchema`
    /// (refusing that database otherwise, creating nothing). Throws
    /// `OrderStoreError.unusable` with one plain sentence if the server cannot be used.
    public init(connectionString: String, mayCreateSchema: Bool = true, now: @escaping @Sendable () -> Date = { Date() }) throws {
        let backendProcess = PostgresBackendProcess()
        database = try PostgresOrderDatabase(connectionString: connectionString, backendProcess: backendProcess,
                                             health: health, mayCreateSchema: mayCreateSchema)
        counts = PostgresCountsConnection(connectionString: connectionString, health: health)
        self.now = now
        // Listening starts with the store, while opening blocks anyway: a subscriber then
        // hears every change committed after it subscribed, and `changes()` never blocks.
        let broadcaster = self.broadcaster
        try listener.start(PostgresChangeListener(connectionString: connectionString, ownProcess: backendProcess,
                                                  health: health) { broadcaster.send($0) })
    }

    /// Whether opening created the orders tables, the database having none (the caller says so).
    public var createdSchema: Bool { database.createdSchema }

    deinit {
        listener.stop()
        broadcaster.finishAll()
        health.finishAll()
    }

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

    public func order(_ id: OrderID) async throws -> Order? {
        try await database.order(id)
    }

    public func orders(numbered reference: OrderReference) async throws -> [Order] {
        try await database.orders(numbered: reference)
    }

    public func orders(numberedAmong references: [OrderReference]) async throws -> [Order] {
        guard !references.isEmpty else { return [] }
        return try await database.orders(numberedAmong: references)
    }

    public func insert(_ orders: [Order]) async throws {
        guard !orders.isEmpty else { return }
        let prepared = try PostgresRows.prepare(orders)
        if let change = try await database.insert(prepared) { broadcaster.send(change) }
    }

    public func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws {
        guard !orders.isEmpty else { return }
        try StoreRules.validate(orders)
        if let change = try await database.upsert(orders, actor: actor, expectedVersions: expectedVersions,
                                                  at: now().wholeMilliseconds, audit: audit) {
            broadcaster.send(change)
        }
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

    public func history(of id: OrderID) async throws -> [AuditEntry] {
        try await database.history(of: id)
    }

    /// Changes through this store at once, and other connections' (other operators') as soon
    /// as they commit, through `LISTEN`/`NOTIFY`.
    public func changes() -> AsyncStream<OrderStoreChange> {
        broadcaster.subscribe()
    }

    /// Closes the connection now; later calls fail.
    public func close() async {
        listener.stop()
        await counts.close()
        await database.close()
        broadcaster.finishAll()
        health.finishAll()
    }
}

/// Holds the change listener until the store closes.
private final class ListenerSlot: Sendable {
    private let current = Mutex<PostgresChangeListener?>(nil)

    func start(_ listener: PostgresChangeListener) {
        current.withLock { $0 = listener }
    }

    func stop() {
        let stopped = current.withLock { current in
            defer { current = nil }
            return current
        }
        stopped?.stop()
    }
}
