import Foundation
import OrdersCore
import OrdersStorage

/// Where the embedded database lives and how it is opened: the one path both the
/// full-screen app and every CLI command use, so a new file is always seeded the same way.
public enum OrderDatabase {
    /// How many demo orders a brand-new database starts with.
    public static let demoOrderCount = 5_000
    /// The seed of a new database's demo orders: every new database looks the same.
    public static let demoSeed: UInt64 = 20_260_101

    /// `$XDG_DATA_HOME/orders/orders.db`, or `~/.local/share/orders/orders.db`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/orders/orders.db"
        }
        return HomeFolder.path(environment: environment) + "/.local/share/orders/orders.db"
    }

    /// What `open` does when no database file exists at the path.
    public enum IfMissing: Hashable, Sendable {
        /// Refuse with one sentence and create nothing: a mistyped path must not become a database.
        case refuse
        /// Create an empty database (for `import` and `demo`, which fill it themselves).
        case createEmpty
        /// Create one filled with this many demo orders (the app's first run on its default path).
        case createWithDemoOrders(Int)
    }

    /// Opens the database at `path`. If no file exists there yet, `ifMissing` says whether to
    /// refuse or to create it, with its folder, holding nothing or demo orders dated before `now`.
    /// The new file appears only once complete: it is built under a temporary name
    /// and renamed, so an interrupted first run leaves no half-seeded database.
    /// A `-wal` or `-shm` file left beside a missing database (its database was deleted) is
    /// refused and left alone whatever `ifMissing` says: SQLite would apply it to a new file
    /// of that name and make it look damaged.
    public static func open(
        path: String, ifMissing: IfMissing, now: Date = Date(),
        options: SQLiteOrderStore.Options = SQLiteOrderStore.Options()
    ) async throws -> SQLiteOrderStore {
        let manager = FileManager.default
        if !manager.fileExists(atPath: path) {
            let seedCount: Int
            switch ifMissing {
            case .refuse:
                try refuseOrphanedLog(beside: path)
                throw OrderStoreError.unusable(missingMessage(path))
            case .createEmpty: seedCount = 0
            case .createWithDemoOrders(let count): seedCount = count
            }
            // Another process may have created it meanwhile: theirs wins, ours is dropped.
            _ = try await createWhole(at: path) { store in
                // One batch: one transaction.
                try await DemoDataGenerator(seed: demoSeed, now: now).populate(store, count: seedCount, batchSize: max(seedCount, 1))
                // The header's "demo data" (`DemoSeedStore`): written only here, the first run's seeding.
                if case .createWithDemoOrders = ifMissing { try await store.recordDemoSeed(count: seedCount) }
            }
        }
        var existing = options
        existing.createIfMissing = false
        // Only a command that fills a database may give an empty file the schema.
        existing.mayCreateSchema = options.mayCreateSchema && ifMissing != .refuse
        return try SQLiteOrderStore(path: path, options: existing)
    }

    /// Opens the database at `path`, creating it with `seedCount` demo orders if it does not exist.
    public static func open(
        path: String, seedCount: Int = demoOrderCount, now: Date = Date(),
        options: SQLiteOrderStore.Options = SQLiteOrderStore.Options()
    ) async throws -> SQLiteOrderStore {
        try await open(path: path, ifMissing: seedCount > 0 ? .createWithDemoOrders(seedCount) : .createEmpty,
                       now: now, options: options)
    }

    /// The one sentence for a database path that does not exist.
    public static func missingMessage(_ path: String) -> String {
        "no database at \(path); `orders demo --db \(path)` creates one with demo orders, "
            + "`orders import FILE --db \(path)` with yours"
    }

    /// Throws if a write-ahead log or its index outlived its database at `path`.
    private static func refuseOrphanedLog(beside path: String) throws {
        let orphans = ["-wal", "-shm"].map { path + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
        guard !orphans.isEmpty else { return }
        throw OrderStoreError.unusable(
            "no database at \(path), but \(orphans.joined(separator: " and ")) from a deleted one "
                + "\(orphans.count == 1 ? "is" : "are") still there; orders leaves \(orphans.count == 1 ? "it" : "them") alone: "
                + "move \(orphans.count == 1 ? "it" : "them") away before creating a database at that path")
    }

    /// Creates a database at `path`, where none exists, with its folder, and lets `fill` write into
    /// it. The file appears only once `fill` has returned: it is built under a temporary name and
    /// renamed, so a failure or a kill leaves no database, and no half-filled one, at `path`.
    /// Returns false, dropping the new file, if another process created `path` meanwhile.
    public static func createWhole(at path: String, filling fill: (SQLiteOrderStore) async throws -> Void) async throws -> Bool {
        try refuseOrphanedLog(beside: path)
        let manager = FileManager.default
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !manager.fileExists(atPath: folder) {
            do {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw OrderStoreError.unusable("The folder \(folder) for the database cannot be created.")
            }
        }
        let temporary = path + ".new-\(ProcessInfo.processInfo.processIdentifier)"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: temporary + suffix) }
        }
        try? manager.removeItem(atPath: temporary)
        let store = try SQLiteOrderStore(path: temporary)
        do {
            try await fill(store)
            try await store.checkpoint()
        } catch {
            await store.close()
            throw error
        }
        // Closed before the rename: a connection left open on the renamed file would keep
        // using the temporary name's WAL index, invisible to every other connection.
        await store.close()
        if manager.fileExists(atPath: path) { return false }
        guard rename(temporary, path) == 0 else {
            throw OrderStoreError.unusable("The database \(path) cannot be created (\(String(cString: strerror(errno)))).")
        }
        return true
    }
}
