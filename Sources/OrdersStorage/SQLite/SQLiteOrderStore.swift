import Foundation
import Synchronization

/// The embedded default store: one SQLite file in WAL mode that several `orders`
/// processes can use at once. Changes made by any of them reach `changes()`.
public final class SQLiteOrderStore: EngineBackedStore, RuleStore, ViewStore, ShopRegistry, ShopOutboxStore,
    ShopDigestStore {
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
    /// How it was opened; a long write opens its own connection the same way.
    let options: Options
    let database: SQLiteOrderDatabase
    let now: @Sendable () -> Date
    let broadcaster: ChangeBroadcaster
    private let watcher = WatcherSlot()

    /// Opens (or creates) the database at `path`, migrating an older schema.
    /// Throws `OrderStoreError.unusable` with one plain sentence, without changing
    /// the file, if it is not an orders database, is too new, read-only or locked.
    public init(path: String, options: Options = Options(), now: @escaping @Sendable () -> Date = { Date() }) throws {
        self.path = path
        self.options = options
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
