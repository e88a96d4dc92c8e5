import CSQLite
import Glibc

/// A failed SQLite call: the result code and SQLite's own message.
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    /// The operating system's errno behind an I/O error (ENOSPC, EFBIG…), or 0.
    var systemErrno: Int32 = 0

    /// The primary result code (SQLITE_BUSY for SQLITE_BUSY_SNAPSHOT and so on).
    var primaryCode: Int32 { code & 0xFF }

    /// SQLITE_CONSTRAINT_PRIMARYKEY, a macro expression Swift does not import.
    static let primaryKeyConstraint = SQLITE_CONSTRAINT | (6 << 8)
    /// SQLITE_CONSTRAINT_UNIQUE: here, a (source, number) pair that is already taken.
    static let uniqueConstraint = SQLITE_CONSTRAINT | (8 << 8)

    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// The disk (or the process's file size limit, `ulimit -f`) has no room for the write.
    /// SQLite reports a short write as SQLITE_FULL but a refused one as a plain I/O error.
    var isOutOfSpace: Bool {
        primaryCode == SQLITE_FULL
            || (primaryCode == SQLITE_IOERR && [ENOSPC, EFBIG, EDQUOT].contains(systemErrno))
    }

    var description: String { "SQLite error \(code): \(message)" }
}
