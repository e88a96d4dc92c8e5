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
            // Before anything opens it: a FIFO would block the open, a device would get a journal beside it.
            try checkIsRegularFile(path)
            if try checkHeader(path) == .empty, !options.mayCreateSchema { throw notYetADatabase(path) }
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
        // A file refused after SQLite opened it (damaged, say) must not keep the -wal and -shm
        // the opening made beside it: only those that were not there before are removed.
        let sideFiles = ["-wal", "-shm"].map { path + $0 }.filter { !manager.fileExists(atPath: $0) }
        do {
            try prepare(connection, path: path, mayCreateSchema: options.mayCreateSchema)
        } catch {
            connection.close()
            for file in sideFiles { try? manager.removeItem(atPath: file) }
            if let error = error as? SQLiteError { throw storeError(error, path: path) }
            throw error
        }
        return connection
    }

    /// Refuses anything but a regular file (a FIFO, a device such as /dev/null, a socket), in one sentence.
    private static func checkIsRegularFile(_ path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT != S_IFREG else { return }
        let kind = switch status.st_mode & S_IFMT {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
        throw unusable(path, "is \(kind), not a database file")
    }

    /// Checks schema and identity first (reads only), then switches to WAL and migrates.
    private static func prepare(_ connection: SQLiteConnection, path: String, mayCreateSchema: Bool) throws {
        if connection.isReadOnly { throw unusable(path, "is read-only; orders needs to write to it") }
        let (version, applicationID, tableCount) = try connection.readTransaction {
            (try connection.integer("PRAGMA user_version"), try connection.integer("PRAGMA application_id"),
             try connection.integer("SELECT count(*) FROM sqlite_master"))
        }
        if applicationID != SQLiteSchema.applicationID && (applicationID != 0 || tableCount > 0) {
            throw unusable(path, "is an SQLite database of another program, not an orders database")
        }
        try checkSchemaVersion(version, path: path)
        if tableCount == 0, version == 0, !mayCreateSchema { throw notYetADatabase(path) }
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
        try migrate(connection, from: Int(version), path: path)
    }

    private static func migrate(_ connection: SQLiteConnection, from version: Int, path: String) throws {
        guard version < SQLiteSchema.currentVersion else { return }
        try connection.writeTransaction {
            // Re-read under the write lock: another process may have migrated meanwhile.
            let current = Int(try connection.integer("PRAGMA user_version"))
            guard (0...SQLiteSchema.currentVersion).contains(current) else {
                throw unusable(path, "changed its schema version to \(current) meanwhile; nothing was written")
            }
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

    /// Refuses a schema version orders never wrote: newer than this build knows, or negative
    /// (`PRAGMA user_version` takes any 32-bit number).
    static func checkSchemaVersion(_ version: Int64, path: String) throws {
        if version < 0 {
            throw unusable(path, "is not an orders database (its schema version is \(version))")
        }
        if version > SQLiteSchema.currentVersion {
            throw unusable(path, "was written by a newer version of orders (schema \(version); this one knows up to \(SQLiteSchema.currentVersion))")
        }
    }

    /// A non-empty file must start with SQLite's magic header, and the schema version and
    /// application id the header holds (bytes 60 and 68, big-endian) must be ours: checked from
    /// the bytes, before SQLite opens the file and makes its -wal and -shm beside it.
    @discardableResult
    private static func checkHeader(_ path: String) throws -> Header {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw unusable(path, "cannot be read (permission denied)")
        }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        if header.isEmpty { return .empty } // an empty file is a new, empty SQLite database
        guard header.count == 100, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
            throw unusable(path, "is not an orders database (it is not an SQLite file)")
        }
        func bigEndian(at offset: Int) -> Int32 {
            Int32(bitPattern: header[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        let applicationID = bigEndian(at: 68)
        if applicationID != 0 && Int64(applicationID) != Int64(SQLiteSchema.applicationID) {
            throw unusable(path, "is an SQLite database of another program, not an orders database")
        }
        try checkSchemaVersion(Int64(bigEndian(at: 60)), path: path)
        return .sqlite
    }

    /// What a file's first bytes are.
    private enum Header { case empty, sqlite }

    /// An existing file without orders tables, for a command that does not fill a database.
    private static func notYetADatabase(_ path: String) -> OrderStoreError {
        unusable(path, "holds no orders tables (it is empty), and nothing was written to it; "
                 + "`orders demo --db \(path)` or `orders import FILE --db \(path)` makes it an orders database")
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
