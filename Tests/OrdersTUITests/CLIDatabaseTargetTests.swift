import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// Issue 33, items 3 and 4 on the real binary: a database `orders` does not know, or a `--db` that
/// names no database file, is refused in one sentence with exit status 1, and nothing is created
/// beside it or in it; a command that fails after creating a database removes what it created.
@Suite("orders refuses what is not its database, and creates nothing by accident")
final class CLIDatabaseTargetTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// What lies in the scratch folder beside the named files (the files a command may have created).
    func sideFiles(of path: String) -> [String] {
        ["-wal", "-shm", "-journal"].map { path + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    func demoDatabase(_ name: String) throws -> String {
        let path = cli.path(name)
        #expect(try cli.run(["demo", "--count", "5", "--db", path]).status == 0)
        try SQLiteShell.run(path, "PRAGMA wal_checkpoint(TRUNCATE);")
        return path
    }

    // MARK: Schema versions orders never wrote (item 3)

    @Test(arguments: [("-1", "is not an orders database (its schema version is -1)."),
                      ("-2147483648", "is not an orders database (its schema version is -2147483648)."),
                      ("99", "was written by a newer version of orders (schema 99; this one knows up to \(SQLiteSchema.currentVersion)).")])
    func aSchemaVersionOrdersNeverWroteIsRefusedWithoutATrap(_ version: String, _ problem: String) throws {
        let db = try demoDatabase("versioned.db")
        try SQLiteShell.run(db, "PRAGMA user_version = \(version);")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: db))
        for command in [["list"], ["show", "1"], ["note", "1", "hello"], ["migrate"]] {
            let result = try cli.run(command + ["--db", db])
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.errorLines == ["orders: The database \(db) \(problem)"], "\(command)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == bytes, "the file is left byte for byte")
        #expect(sideFiles(of: db) == [], "no -wal or -shm made beside it")
    }

    @Test func aPostgreSQLSchemaVersionBelowZeroIsRefusedWithoutATrap() throws {
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        #expect(try cli.run(["migrate", "--db", url]).status == 0)
        _ = try PostgresConnection(connectionString: url).execute("UPDATE orders_schema SET version = -1")
        let result = try cli.run(["list", "--db", url])
        #expect(result.status == 1)
        #expect(result.errorLines == ["orders: This PostgreSQL database is not an orders database: its orders_schema table says "
                                      + "version -1, which no orders writes."])
    }

    // MARK: Targets that are not database files (item 4)

    @Test func aNamedPipeIsRefusedAtOnceNotWaitedOn() throws {
        let fifo = cli.path("pipe.db")
        #expect(mkfifo(fifo, 0o644) == 0)
        for command in [["list"], ["show", "1"], ["demo", "--count", "1"]] {
            let result = try cli.run(command + ["--db", fifo])
            #expect(result.status == 1, "\(command)")
            #expect(result.errorLines == ["orders: The database \(fifo) is a named pipe (FIFO), not a database file."], "\(command)")
        }
        #expect(sideFiles(of: fifo) == [])
    }

    @Test func aDeviceIsRefusedAndNoJournalIsMadeBesideIt() throws {
        let result = try cli.run(["list", "--db", "/dev/null"])
        #expect(result.status == 1)
        #expect(result.errorLines == ["orders: The database /dev/null is a character device, not a database file."])
        #expect(sideFiles(of: "/dev/null") == [])
    }

    @Test func anEmptyFileIsNotGivenASchemaByAReadingCommand() throws {
        let empty = cli.path("empty.db")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        for command in [["list"], ["show", "1"], ["flag", "1"], ["export"]] {
            let result = try cli.run(command + ["--db", empty])
            #expect(result.status == 1, "\(command)")
            #expect(result.errorLines == ["orders: The database \(empty) holds no orders tables (it is empty), and nothing was written "
                                          + "to it; `orders demo --db \(empty)` or `orders import FILE --db \(empty)` makes it an orders database."],
                    "\(command)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
        #expect(sideFiles(of: empty) == [])
        // The commands that fill a database may: `demo` makes it one.
        #expect(try cli.run(["demo", "--count", "2", "--db", empty]).status == 0)
        #expect(try cli.run(["list", "--db", empty, "--format", "csv"]).status == 0)
    }

    @Test func aDamagedFileIsRefusedAndGetsNoLogBesideIt() throws {
        let db = try demoDatabase("damaged.db")
        // Page 1 intact (a valid header, so SQLite opens it), the schema page's cells overwritten.
        let handle = try #require(FileHandle(forWritingAtPath: db))
        try handle.seek(toOffset: 100)
        handle.write(Data(repeating: 0xA5, count: 3_000))
        try handle.close()
        let result = try cli.run(["list", "--db", db])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.errorLines.first?.hasPrefix("orders: The database \(db) ") == true, "\(result.stderr)")
        #expect(sideFiles(of: db) == [], "no -wal or -shm made beside it")
    }

    @Test func anEmptyPostgreSQLDatabaseIsGivenTablesOnlyByTheCommandsThatFillOne() throws {
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        let tables = { try PostgresConnection(connectionString: url)
            .execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").scalar }
        for command in [["list"], ["show", "1"], ["export"], ["flag", "1"]] {
            let result = try cli.run(command + ["--db", url])
            #expect(result.status == 1, "\(command)")
            #expect(result.errorLines == ["orders: This PostgreSQL database holds no orders tables, and nothing was created: "
                                          + "`orders migrate` creates them (as do `orders import`, `orders demo` and `orders copy --to` it)."],
                    "\(command)")
        }
        #expect(try tables() == "0")
        let migrated = try cli.run(["migrate", "--db", url])
        #expect(migrated.status == 0)
        #expect(migrated.errorLines == ["orders: created the orders tables in \(url)"])
        #expect(try tables() != "0")
        // Once there, nothing is said again.
        #expect(try cli.run(["list", "--db", url]).errorLines == [])
    }

    @Test func aFailedImportIntoANewFileLeavesNoFileBehind() throws {
        // 3,000 orders need far more than 2 MB; the empty database (its schema) fits in it.
        let file = cli.path("many.csv")
        var exporter = OrderExporter(format: .csv)
        let orders = DemoDataGenerator(seed: 9, now: Date(millisecondsSince1970: 1_790_000_000_000)).orders(numbers: 1..<3001, of: 3000)
        try (exporter.prologue() + exporter.text(for: orders)).write(toFile: file, atomically: true, encoding: .utf8)
        let db = cli.path("new.db")
        // A file size limit (`ulimit -f`, RLIMIT_FSIZE) is the full disk here: the binary ignores SIGXFSZ,
        // so the write past it fails with EFBIG as on a full disk, and no tmpfs needs mounting.
        let result = try cli.run(fileSizeLimit: 4_096, ["import", file, "--db", db])
        #expect(result.status == 1)
        #expect(result.errorLines.last?.contains("cannot grow: the disk is full (or a file size limit was reached)") == true,
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
        #expect(sideFiles(of: db) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.home.path).filter { $0.hasPrefix("new.db") } == [])
    }

    // MARK: Messages (item 5)

    @Test func aBrokenConfigIsSaidOnStandardErrorAndTheDefaultsUsed() throws {
        let db = try demoDatabase("config.db")
        let config = cli.path("config/orders/config.json")
        try FileManager.default.createDirectory(atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{\"theme\": ".utf8).write(to: URL(fileURLWithPath: config))
        let result = try cli.run(["list", "--db", db, "--format", "csv"], environment: ["XDG_CONFIG_HOME": cli.path("config")])
        #expect(result.status == 0)
        #expect(result.errorLines == ["orders: config \(config): not valid JSON; using defaults"])
        // The same orders as without a config.
        #expect(result.stdout == (try cli.run(["list", "--db", db, "--format", "csv"]).stdout))
    }

    @Test func aServerThatCannotBeReachedIsOneLine() throws {
        let result = try cli.run(["list", "--db", "postgresql:///orders?host=\(cli.path("no-server"))"])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        let line = try #require(result.errorLines.first)
        #expect(!line.contains("␊") && !line.contains("␉") && !line.contains("\t"), "\(line)")
        #expect(line.contains("Is the server running locally"), "\(line)")
    }
}
