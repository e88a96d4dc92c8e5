import CSQLite
import Foundation

/// Opening an orders database file safely: refuse anything that is not one of ours
/// (or is too new, read-only or locked) with one plain sentence, before writing a byte.
enum DatabaseFile {
    static func open(path: String, options: SQLiteOrderStore.Options) throws -> SQLiteConnection {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists {
            if isDirectory.boolValue { throw unusable(path, "is a folder, not a database file") }
            try checkHeader(path)
            if !manager.isWritableFile(atPath: path) {
                throw unusable(path, "is read-only; orders needs to write to it")
            }
        } else if options.createIfMissing {
            let folder = (path as NSString).deletingLastPathComponent
            let folderPath = folder.isEmpty ? "." : folder
            if !manager.fileExists(atPath: folderPath) { throw unusable(path, "cannot be created: the folder \(folderPath) does not exist") }
        } else {
            throw unusable(path, "does not exist")
        }
        // WAL keeps its -wal and -shm files next to the database.
        let folder = (path as NSString).deletingLastPathComponent
        if !manager.isWritableFile(atPath: folder.isEmpty ? "." : folder) {
            throw unusable(path, "is in a read-only folder; orders needs to create files next to it")
        }

        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, create: options.createIfMissing)
            connection.setBusyTimeout(milliseconds: options.busyTimeoutMilliseconds)
        } catch let error as SQLiteError {
            throw storeError(error, path: path)
        }
        do {
            try prepare(connection, path: path)
        } catch let error as SQLiteError {
            throw storeError(error, path: path)
        }
        return connection
    }

    /// Checks schema and identity first (reads only), then switches to WAL and migrates.
    private static func prepare(_ connection: SQLiteConnection, path: String) throws {
        if connection.isReadOnly { throw unusable(path, "is read-only; orders needs to write to it") }
        let (version, applicationID, tableCount) = try connection.readTransaction {
            (try connection.integer("PRAGMA user_version"), try connection.integer("PRAGMA application_id"),
             try connection.integer("SELECT count(*) FROM sqlite_master"))
        }
        if applicationID != SQLiteSchema.applicationID && (applicationID != 0 || tableCount > 0) {
            throw unusable(path, "is an SQLite database of another program, not an orders database")
        }
        if version > SQLiteSchema.currentVersion {
            throw unusable(path, "was written by a newer version of orders (schema \(version); this one knows up to \(SQLiteSchema.currentVersion))")
        }
        var mode = ""
        try connection.statement("PRAGMA journal_mode = WAL").forEachRow { mode = $0.text(0) }
        guard mode.lowercased() == "wal" else {
            throw unusable(path, "cannot be switched to write-ahead logging (journal mode is \(mode))")
        }
        // NORMAL is durable across application crashes in WAL mode; a power cut may lose
        // the last commits but never corrupts the file.
        try connection.execute("PRAGMA synchronous = NORMAL")
        // 64 MiB of page cache (the default is 2 MiB): index updates during a large
        // import otherwise re-read the same pages over and over.
        try connection.execute("PRAGMA cache_size = -65536")
        try connection.execute("PRAGMA temp_store = MEMORY")
        // A big import's log is emptied by its own checkpoint, unless another process was reading
        // then: without a limit the file would keep that size for good. With it, the next time the
        // log starts over it is cut back to 64 MiB.
        try connection.execute("PRAGMA journal_size_limit = 67108864")
        try migrate(connection, from: Int(version))
    }

    private static func migrate(_ connection: SQLiteConnection, from version: Int) throws {
        guard version < SQLiteSchema.currentVersion else { return }
        try connection.writeTransaction {
            // Re-read under the write lock: another process may have migrated meanwhile.
            let current = Int(try connection.integer("PRAGMA user_version"))
            for index in current..<SQLiteSchema.currentVersion {
                try connection.execute(SQLiteSchema.migrations[index])
            }
            // Derived by today's code, which reads the orders as today's schema holds them: so after
            // every migration, not right after the one that added the keys.
            if current < SQLiteSchema.shopSearchKeysMigration { try SQLiteSchema.deriveShopSearchKeys(connection) }
            try connection.execute("PRAGMA application_id = \(SQLiteSchema.applicationID)")
            try connection.execute("PRAGMA user_version = \(SQLiteSchema.currentVersion)")
        }
    }

    /// A non-empty file must start with SQLite's magic header.
    private static func checkHeader(_ path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw unusable(path, "cannot be read (permission denied)")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.isEmpty { return } // an empty file is a new, empty SQLite database
        if header != Data("SQLite format 3\0".utf8) {
            throw unusable(path, "is not an orders database (it is not an SQLite file)")
        }
    }

    static func unusable(_ path: String, _ problem: String) -> OrderStoreError {
        .unusable("The database \(path) \(problem).")
    }

    /// One plain sentence for an SQLite failure.
    static func storeError(_ error: SQLiteError, path: String) -> OrderStoreError {
        if error.isOutOfSpace || (error.primaryCode == SQLITE_IOERR && StorageRoom.isExhausted(forDatabaseAt: path)) {
            // The transaction was rolled back: the file holds what it held before.
            return unusable(path, "cannot grow: the disk is full (or a file size limit was reached); nothing was written")
        }
        switch error.primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return unusable(path, "is locked by another program; try again when it has finished")
        case SQLITE_NOTADB:
            return unusable(path, "is not an orders database (it is not an SQLite file)")
        case SQLITE_READONLY:
            return unusable(path, "is read-only; orders needs to write to it")
        case SQLITE_CORRUPT:
            return unusable(path, "is damaged (\(error.message))")
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
            return unusable(path, "cannot be opened (\(error.message))")
        default:
            return unusable(path, "failed: \(error.message)")
        }
    }
}
