import Foundation

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
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/orders/orders.db"
    }

    /// Opens the database at `path`. If no file exists there yet it is created,
    /// with its folder, and filled with `seedCount` demo orders dated before `now`.
    /// The new file appears only once complete: it is built under a temporary name
    /// and renamed, so an interrupted first run leaves no half-seeded database.
    public static func open(
        path: String, seedCount: Int = demoOrderCount, now: Date = Date(),
        options: SQLiteOrderStore.Options = SQLiteOrderStore.Options()
    ) async throws -> SQLiteOrderStore {
        let manager = FileManager.default
        if !manager.fileExists(atPath: path) {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty && !manager.fileExists(atPath: folder) {
                do {
                    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw OrderStoreError.unusable("The folder \(folder) for the database cannot be created.")
                }
            }
            try await createSeeded(at: path, count: seedCount, now: now)
        }
        var existing = options
        existing.createIfMissing = false
        return try SQLiteOrderStore(path: path, options: existing)
    }

    private static func createSeeded(at path: String, count: Int, now: Date) async throws {
        let temporary = path + ".new-\(ProcessInfo.processInfo.processIdentifier)"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
        }
        try? FileManager.default.removeItem(atPath: temporary)
        let store = try SQLiteOrderStore(path: temporary)
        do {
            // One batch: one transaction.
            try await DemoDataGenerator(seed: demoSeed, now: now).populate(store, count: count, batchSize: max(count, 1))
            try await store.checkpoint()
        } catch {
            await store.close()
            throw error
        }
        // Closed before the rename: a connection left open on the renamed file would keep
        // using the temporary name's WAL index, invisible to every other connection.
        await store.close()
        // Another process may have created it meanwhile: theirs wins, ours is dropped.
        if FileManager.default.fileExists(atPath: path) { return }
        guard rename(temporary, path) == 0 else {
            throw OrderStoreError.unusable("The database \(path) cannot be created (\(String(cString: strerror(errno)))).")
        }
    }
}
