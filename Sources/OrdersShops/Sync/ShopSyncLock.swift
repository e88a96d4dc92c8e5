import Foundation
import OrdersStorage

/// Held while one `orders sync` runs on a database (and by the app for each of its passes,
/// `ShopSyncModel`), so a second syncer on the same database is refused rather than pulling the
/// same pages twice. On PostgreSQL a session advisory lock on a
/// connection of its own (the team runs one `sync --watch` for everyone); on an SQLite file an
/// exclusive `flock` on `FILE.sync-lock` beside it. Both are let go when the process ends,
/// however it ends, so a killed syncer never leaves the lock behind.
public final class ShopSyncLock {
    /// The advisory lock's key: "SYNC".
    static let advisoryKey: Int64 = 0x5359_4E43
    private let descriptor: Int32?
    private let connection: PostgresConnection?

    private init(descriptor: Int32?, connection: PostgresConnection?) {
        self.descriptor = descriptor
        self.connection = connection
    }

    deinit {
        if let descriptor { close(descriptor) }
        connection?.close()
    }

    /// The lock, or nil when another syncer holds it.
    public static func acquire(for location: StoreLocation) throws -> ShopSyncLock? {
        switch location {
        case .sqliteFile(let path):
            let lockPath = path + ".sync-lock"
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw OrderStoreError.unusable("The sync lock \(lockPath) cannot be opened: \(String(cString: strerror(errno))).")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                return nil
            }
            return ShopSyncLock(descriptor: descriptor, connection: nil)
        case .postgres(let url):
            let connection: PostgresConnection
            do {
                connection = try PostgresConnection(connectionString: url)
                let taken = try connection.execute("SELECT pg_try_advisory_lock($1)", [String(advisoryKey)]).scalar
                guard taken == "t" else {
                    connection.close()
                    return nil
                }
            } catch let error as PostgresError {
                throw PostgresOrderDatabase.storeError(error)
            }
            return ShopSyncLock(descriptor: nil, connection: connection)
        }
    }
}
