import CSQLite

/// One open SQLite connection. Not thread-safe: exactly one actor owns it.
final class SQLiteConnection {
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    private(set) var isClosed = false

    /// Opens an existing database (`create: false`) or creates it. Never creates
    /// a file when `create` is false, so opening a wrong path changes nothing.
    init(path: String, create: Bool, readOnly: Bool = false) throws {
        var handle: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code, message: message)
        }
        self.handle = handle
    }

    deinit {
        close()
    }

    /// Finalizes every statement and closes the connection now, instead of whenever the
    /// last reference goes away (which a file about to be renamed cannot wait for).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
                    systemErrno: sqlite3_system_errno(handle))
    }

    /// How long a statement waits for another connection's lock before failing with SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int) {
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Runs SQL text that takes no parameters (schema, pragmas, transaction control).
    func execute(_ sql: String) throws {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database was closed") }
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// A cached prepared statement for this fixed SQL text.
    func statement(_ sql: String) throws -> SQLiteStatement {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database was closed") }
        if let cached = statements[sql] { return cached }
        // Queries differ by which filters they combine; a long session could collect
        // many. Dropping the cache now and then costs only a few re-preparations.
        if statements.count >= 256 { statements.removeAll() }
        let statement = try SQLiteStatement(connection: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// The single integer a query returns (e.g. `PRAGMA user_version`), or 0.
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int64 {
        var result: Int64 = 0
        try statement(sql).forEachRow(values) { result = $0.int64(0) }
        return result
    }

    /// Runs `body` in one write transaction: committed if it returns, rolled back if it throws.
    /// IMMEDIATE takes the write lock up front, so two writers queue on `busy_timeout`
    /// instead of one failing half-way with SQLITE_BUSY after reading stale data.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in one read transaction, so a multi-statement read sees one snapshot.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body()
    }

    var changes: Int { Int(sqlite3_changes(handle)) }
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}
