import CSQLite

/// A failed SQLite call: the result code and SQLite's own message.
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String

    /// The primary result code (SQLITE_BUSY for SQLITE_BUSY_SNAPSHOT and so on).
    var primaryCode: Int32 { code & 0xFF }

    /// SQLITE_CONSTRAINT_PRIMARYKEY, a macro expression Swift does not import.
    static let primaryKeyConstraint = SQLITE_CONSTRAINT | (6 << 8)

    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    var description: String { "SQLite error \(code): \(message)" }
}
