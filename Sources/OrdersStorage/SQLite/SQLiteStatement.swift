import CSQLite

/// A prepared statement. Values are only ever bound as parameters, never spliced into SQL.
final class SQLiteStatement {
    private(set) var handle: OpaquePointer?
    private let connection: SQLiteConnection

    init(connection: SQLiteConnection, sql: String) throws {
        self.connection = connection
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK else {
            sqlite3_finalize(handle)
            throw connection.error(code)
        }
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds each value to the parameter of the same position (1-based in SQLite).
    func bind(_ values: [SQLiteValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (index, value) in values.enumerated() {
            try bind(value, at: Int32(index + 1))
        }
    }

    func bind(_ value: SQLiteValue, at index: Int32) throws {
        let code: Int32 = switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let number): sqlite3_bind_int64(handle, index, number)
        // The explicit byte count keeps any embedded NUL characters.
        case .text(let text): sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), orders_sqlite_transient())
        }
        guard code == SQLITE_OK else { throw connection.error(code) }
    }

    /// Steps once: true when a row is available, false when done.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)
            throw connection.error(code)
        }
    }

    /// Runs to completion, ignoring any rows.
    func run(_ values: [SQLiteValue] = []) throws {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Calls `row` for each result row, then resets the statement.
    func forEachRow(_ values: [SQLiteValue] = [], _ row: (SQLiteStatement) throws -> Void) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() { try row(self) }
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        // Embedded NULs are kept: the byte count, not strlen, says where the text ends.
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? {
        isNull(column) ? nil : text(column)
    }
}

/// The statement's current row as a `StoredRow`: read by `Int` column as PostgreSQL's rows are, so
/// an order's columns are decoded once for both (`StoredOrderRow`).
struct SQLiteRow: StoredRow {
    let statement: SQLiteStatement

    func text(_ column: Int) -> String { statement.text(Int32(column)) }
    func optionalText(_ column: Int) -> String? { statement.optionalText(Int32(column)) }
    func int64(_ column: Int) -> Int64 { statement.int64(Int32(column)) }
    func optionalInt64(_ column: Int) -> Int64? { statement.isNull(Int32(column)) ? nil : statement.int64(Int32(column)) }
    func int(_ column: Int) -> Int { statement.int(Int32(column)) }
    func bool(_ column: Int) -> Bool { statement.int(Int32(column)) != 0 }
}

/// A value bound to a statement parameter.
enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case text(String)

    static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
    static func bool(_ value: Bool) -> SQLiteValue { .integer(value ? 1 : 0) }
    static func optionalText(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
}

extension SQLiteValue {
    /// A value of the shared SQL builder (`SQLOrderQuery`), bound as SQLite binds its own.
    init(_ value: SQLValue) {
        switch value {
        case .integer(let number): self = .integer(number)
        case .text(let text): self = .text(text)
        }
    }
}

extension SQLOrderQuery {
    /// The parameters as SQLite binds them.
    var sqliteParameters: [SQLiteValue] { parameters.map(SQLiteValue.init) }
}
