import Foundation
import Synchronization

/// The store for teams: one PostgreSQL database that every operator's `orders` uses at
/// once. Same rules as the SQLite store (optimistic versions, audit trail, every write one
/// transaction, appends that never conflict) and the same answers to every query.
public final class PostgresOrderStore: EngineBackedStore, RuleStore, ViewStore, ShopRegistry, ShopOutboxStore,
    ShopDigestStore {
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
