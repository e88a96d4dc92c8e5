import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// A file the store cannot use is refused with one plain sentence and is never modified.
@Suite("SQLite store: unusable files")
struct StoreFileSafetyTests {
    let directory: URL
    var path: String { directory.appendingPathComponent("orders.db").path }

    init() throws {
        directory = try TemporaryDirectory.make()
    }

    /// The bytes of the file and whether any sidecar file appeared.
    func snapshot() -> (Data?, [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return (FileManager.default.contents(atPath: path), names.sorted())
    }

    func expectRefused(_ message: String, busyTimeout: Int = 5_000) {
        let before = snapshot()
        #expect(throws: OrderStoreError.unusable(message)) {
            _ = try SQLiteOrderStore(path: path, options: .init(createIfMissing: true, busyTimeoutMilliseconds: busyTimeout))
        }
        let after = snapshot()
        #expect(after.0 == before.0, "the file changed")
        #expect(after.1 == before.1, "files appeared next to it: \(after.1)")
    }

    /// Creates a valid, empty orders database and closes it (the connection closes when it goes out of scope).
    func makeDatabase() throws {
        let connection = try DatabaseFile.open(path: path, options: .init())
        try connection.execute("PRAGMA journal_mode = DELETE") // no -wal/-shm left to muddle the snapshots
    }

    @Test func aFileThatIsNotSQLite() throws {
        try Data("id,customer\nORD-1,Ann\n".utf8).write(to: URL(fileURLWithPath: path))
        expectRefused("The database \(path) is not an orders database (it is not an SQLite file).")
    }

    @Test func anotherProgramsSQLiteDatabase() throws {
        do {
            let connection = try SQLiteConnection(path: path, create: true)
            try connection.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
        }
        expectRefused("The database \(path) is an SQLite database of another program, not an orders database.")
    }

    @Test func aDatabaseFromANewerVersion() throws {
        try makeDatabase()
        do {
            let connection = try SQLiteConnection(path: path, create: false)
            try connection.execute("PRAGMA user_version = 99")
        }
        expectRefused("The database \(path) was written by a newer version of orders (schema 99; this one knows up to \(SQLiteSchema.currentVersion)).")
    }

    @Test func aReadOnlyFile() throws {
        try makeDatabase()
        try ReadOnlyFile.protect(path)
        defer { try? ReadOnlyFile.unprotect(path) }
        expectRefused("The database \(path) is read-only; orders needs to write to it.")
    }

    @Test func aFileLockedByAnotherProgram() throws {
        try makeDatabase()
        // Another program holds an exclusive lock for as long as this connection lives.
        let holder = try SQLiteConnection(path: path, create: false)
        try holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        try holder.execute("BEGIN EXCLUSIVE")
        defer { try? holder.execute("ROLLBACK") }
        expectRefused("The database \(path) is locked by another program; try again when it has finished.", busyTimeout: 100)
    }

    @Test func aMissingFolder() {
        let missing = directory.appendingPathComponent("nope/orders.db").path
        #expect(throws: OrderStoreError.unusable("The database \(missing) cannot be created: the folder \(directory.path)/nope does not exist.")) {
            _ = try SQLiteOrderStore(path: missing)
        }
    }

    @Test func aNewDatabaseIsCreatedInWALModeWithTheCurrentSchema() throws {
        _ = try SQLiteOrderStore(path: path)
        let connection = try SQLiteConnection(path: path, create: false)
        #expect(try connection.integer("PRAGMA user_version") == Int64(SQLiteSchema.currentVersion))
        #expect(try connection.integer("PRAGMA application_id") == SQLiteSchema.applicationID)
        var mode = ""
        try connection.statement("PRAGMA journal_mode").forEachRow { mode = $0.text(0) }
        #expect(mode == "wal")
        var check = ""
        try connection.statement("PRAGMA integrity_check").forEachRow { check = $0.text(0) }
        #expect(check == "ok")
    }
}

/// Makes a file read-only even for root (whom permission bits do not stop), via the immutable flag.
enum ReadOnlyFile {
    static func protect(_ path: String) throws {
        if geteuid() == 0 { try run("/usr/bin/chattr", ["+i", path]) } else { chmod(path, 0o444) }
    }

    static func unprotect(_ path: String) throws {
        if geteuid() == 0 { try run("/usr/bin/chattr", ["-i", path]) } else { chmod(path, 0o644) }
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let result = try ChildProcess.result(of: [tool] + arguments)
        guard result.exit == .exited(0) else { throw ReadOnlyFileError(message: "\(tool) failed: \(result.errorOutput)") }
    }
}

struct ReadOnlyFileError: Error {
    let message: String
}
