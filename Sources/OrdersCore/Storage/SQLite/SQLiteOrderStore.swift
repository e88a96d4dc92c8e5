import Foundation
import Synchronization

/// The embedded default store: one SQLite file in WAL mode that several `orders`
/// processes can use at once. Changes made by any of them reach `changes()`.
public final class SQLiteOrderStore: OrderStore {
    /// How to open the database.
    public struct Options: Sendable {
        /// Create the file (and its schema) if it does not exist.
        public var createIfMissing: Bool
        /// How long to wait for another process's write lock before giving up.
        public var busyTimeoutMilliseconds: Int
        /// Give an existing file without orders tables (an empty file, an empty SQLite database)
        /// the schema; when false such a file is refused and left as it was (reading commands).
        public var mayCreateSchema: Bool

        public init(createIfMissing: Bool = true, busyTimeoutMilliseconds: Int = 5_000, mayCreateSchema: Bool = true) {
            self.createIfMissing = createIfMissing
            self.mayCreateSchema = mayCreateSchema
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        }
    }

    /// The database file.
    public let path: String
    let database: SQLiteOrderDatabase
    let now: @Sendable () -> Date
    let broadcaster: ChangeBroadcaster
    private let watcher = WatcherSlot()

    /// Opens (or creates) the database at `path`, migrating an older schema.
    /// Throws `OrderStoreError.unusable` with one plain sentence, without changing
    /// the file, if it is not an orders database, is too new, read-only or locked.
    public init(path: String, options: Options = Options(), now: @escaping @Sendable () -> Date = { Date() }) throws {
        self.path = path
        self.now = now
        let database = try SQLiteOrderDatabase(path: path, options: options)
        self.database = database
        // Watch the file only while someone listens for changes.
        broadcaster = ChangeBroadcaster { [watcher] subscribers in
            if subscribers == 0 { watcher.stop() }
        }
    }

    deinit {
        watcher.stop()
        broadcaster.finishAll()
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
        let prepared = try OrderRows.prepare(orders)
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

    /// Copies everything from the write-ahead log into the database file and empties
    /// the log, so the file alone holds every committed order.
    public func checkpoint() async throws {
        try await database.checkpoint()
    }

    /// Closes the database now. Later calls fail; use it before moving or deleting the file.
    public func close() async {
        watcher.stop()
        await database.close()
        broadcaster.finishAll()
    }

    public func history(of id: OrderID) async throws -> [AuditEntry] {
        try await database.history(of: id)
    }

    public func changes() -> AsyncStream<OrderStoreChange> {
        let stream = broadcaster.subscribe()
        startWatching()
        return stream
    }

    private func startWatching() {
        let database = self.database
        let broadcaster = self.broadcaster
        // Changes others made before anyone listened are reported on the first check: harmless.
        _ = watcher.startIfNeeded {
            DatabaseFileWatcher(databasePath: self.path) {
                Task {
                    // A failed check is retried on the next write; the app's own reads report errors.
                    if let change = try? await database.externalChanges() { broadcaster.send(change) }
                }
            }
        }
    }
}

/// Holds the file watcher while there are subscribers.
private final class WatcherSlot: Sendable {
    private let current = Mutex<DatabaseFileWatcher?>(nil)

    /// Starts a watcher unless one runs; true if this call started it.
    func startIfNeeded(_ make: () -> DatabaseFileWatcher) -> Bool {
        current.withLock { current in
            guard current == nil else { return false }
            current = make()
            return true
        }
    }

    func stop() {
        current.withLock { current in
            current?.cancel()
            current = nil
        }
    }
}
