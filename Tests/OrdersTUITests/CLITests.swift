import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// The `orders` command line, run as a real process on temporary databases.
@Suite("orders CLI")
final class CLITests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// A fresh database with the 5,000 demo orders the app seeds its default database with.
    func seededDatabase(_ name: String = "seeded.db") throws -> String {
        let path = cli.path(name)
        let result = try cli.run(["demo", "--count", "5000", "--db", path])
        #expect(result.status == 0, "\(result.stderr)")
        return path
    }

    /// The one sentence for a database path that does not exist.
    static func missing(_ path: String) -> String {
        "orders: no database at \(path); `orders demo --db \(path)` creates one with demo orders, `orders import FILE --db \(path)` with yours"
    }

    // MARK: Help, version, usage errors

    @Test func helpAndVersion() throws {
        let help = try cli.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("orders — triage customer orders in the terminal\n\nUsage: orders [--db PATH] [--open ID]"))
        for command in ["list", "show", "set-status", "refund", "note", "flag", "unflag", "import", "export", "demo"] {
            #expect(help.stdout.contains("\n  \(command) "), "\(command) missing from --help")
            let usage = try cli.run([command, "--help"])
            #expect(usage.status == 0)
            #expect(usage.stdout.hasPrefix("Usage: orders \(command)"), "\(command)")
        }
        // Generated from the command's declaration: synopsis, summary, its options, its rules.
        #expect(try cli.run(["set-status", "--help"]).stdout == """
            Usage: orders set-status NUMBER STATUS [options]

            Move an order to another status.

            Options:
              --note TEXT   Also add this note, in the same change

            The workflow allows: pending → processing or cancelled; processing → shipped or cancelled;
            shipped → completed; completed → refunded.

            Options for every command: --db PATH, --actor NAME, --help (see 'orders --help').

            """)
        let listHelp = try cli.run(["list", "--help"]).stdout
        for option in ["--format table|csv|json", "--search TEXT", "--status S[,S...]", "--high-value", "--flagged",
                       "--sort FIELD[:DIR]", "--limit N"] {
            #expect(listHelp.contains("\n  \(option) "), "\(option) missing from list --help")
        }
        let version = try cli.run(["--version"])
        #expect(version.status == 0)
        // The commit the build captured (CLIReferenceTests checks which).
        #expect(version.stdout.hasPrefix("orders 0.1.0 (commit "))
    }

    static let usageErrors: [([String], String)] = [
        (["frobnicate"], "orders: unknown command \"frobnicate\" (see 'orders --help')"),
        (["list", "--colour"], "orders: unknown option --colour for list (see 'orders list --help')"),
        (["list", "--format", "xml"], "orders: --format must be table, csv or json, got \"xml\""),
        (["list", "--sort", "price"], "orders: --sort: unknown sort field \"price\" (expected date, id, customer, total, status, items, due, age, number)"),
        (["list", "--sort", "total:up"], "orders: --sort: sort direction must be asc or desc, not \"up\""),
        (["list", "--limit", "ten"], "orders: --limit needs a whole number, got \"ten\""),
        (["list", "--status", "pending,lost"], "orders: unknown status \"lost\" (expected pending, processing, shipped, completed, cancelled, refunded)"),
        (["list", "--search"], "orders: --search needs a value (see 'orders list --help')"),
        (["show"], "orders: show takes 1 argument, got 0 (see 'orders show --help')"),
        (["show", " "], "orders: \" \" is not an order number (expected the number as the shop wrote it, e.g. #1001, or SOURCE:NUMBER)"),
        (["set-status", "42", "teleported"], "orders: unknown status \"teleported\" (expected pending, processing, shipped, completed, cancelled, refunded)"),
        (["demo"], "orders: demo needs --count N (see 'orders demo --help')"),
        (["export", "--format", "xlsx"], "orders: --format must be csv or json, got \"xlsx\""),
        (["--open", ""], "orders: \"\" is not an order number (expected the number as the shop wrote it, e.g. #1001, or SOURCE:NUMBER)"),
    ]

    @Test(arguments: usageErrors.map(\.0))
    func usageErrorsExitWithTwoAndOneLine(_ arguments: [String]) throws {
        let expected = Self.usageErrors.first { $0.0 == arguments }?.1
        let result = try cli.run(arguments + ["--db", cli.path("never.db")])
        #expect(result.status == 2)
        #expect(result.errorLines == [expected ?? ""])
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.path("never.db")), "a usage error must not create the database")
    }

    // MARK: The default database

    @Test func commandsRefuseAMissingDefaultDatabaseAndCreateNothing() throws {
        let path = cli.path("data/orders/orders.db")
        let result = try cli.run(["list", "--sort", "id:asc", "--limit", "3"])
        #expect(result.status == 1)
        #expect(result.errorLines == [Self.missing(path)])
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.path("data")), "not even the folder is created")
    }

    @Test func withoutXDGDataHomeTheDatabaseLivesUnderHome() throws {
        let result = try cli.run(["list", "--limit", "1"], environment: ["XDG_DATA_HOME": ""])
        #expect(result.status == 1)
        #expect(result.errorLines == [Self.missing(cli.path(".local/share/orders/orders.db"))])
        #expect(!FileManager.default.fileExists(atPath: cli.path(".local")))
    }

    // MARK: A careful command line

    /// Every command that reads or changes orders, and the app given --db, on a path that does not exist.
    static let readersAndWriters: [[String]] = [
        ["list"], ["show", "1"], ["export"], ["export", "--output", "out.csv"], ["set-status", "1", "processing"],
        ["refund", "1", "--amount", "1.00"],
        ["note", "1", "hello"], ["flag", "1"], ["unflag", "1"], [],
    ]

    @Test(arguments: readersAndWriters)
    func aMissingDatabaseIsRefusedInOneSentenceAndNothingIsCreated(_ arguments: [String]) throws {
        for path in [cli.path("typo.db"), cli.path("no/such/folder/orders.db")] {
            let before = try FileManager.default.contentsOfDirectory(atPath: cli.home.path).sorted()
            let result = try cli.run(arguments.map { $0 == "out.csv" ? cli.path($0) : $0 } + ["--db", path])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.errorLines == [Self.missing(path)], "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: cli.home.path).sorted() == before, "\(arguments) created a file")
        }
    }

    @Test func globalOptionsWorkBeforeOrAfterTheCommand() throws {
        let db = cli.path("global.db")
        #expect(try cli.run(["--db", db, "demo", "--count", "20"]).stdout == "Created 20 demo orders in \(db).\n")
        let after = try cli.run(["list", "--format", "csv", "--db", db])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.hasPrefix("id,source,shop_id,created_at,updated_at,customer_name,"))
        for arguments in [["--db", db, "list", "--format", "csv"], ["--db=\(db)", "list", "--format=csv"],
                          ["--actor", "giulia", "--db", db, "list", "--format", "csv"]] {
            let before = try cli.run(arguments)
            #expect(before.status == 0, "\(arguments): \(before.stderr)")
            #expect(before.stdout == after.stdout, "\(arguments)")
        }
        #expect(try cli.run(["--actor", "giulia", "--db", db, "note", "5", "hi"]).stdout == "Added a note to ORD-0000005.\n")
        #expect(try cli.run(["--db", db, "--actor=bruno", "flag", "5"]).stdout == "ORD-0000005 is flagged.\n")
        let shown = try cli.run(["--db", db, "show", "5", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let history = try #require(object["history"] as? [[String: Any]])
        #expect(history.map { "\($0["actor"] ?? "") \($0["field"] ?? "")" } == ["giulia notes", "bruno flagged"])
        // --help before the command is the command's help; an option only the app knows is the app's.
        #expect(try cli.run(["--help", "flag"]).stdout == Self.flagHelp)
        let appOnly = try cli.run(["--db", db, "--colour", "list"])
        #expect(appOnly.status == 2)
        #expect(appOnly.errorLines == ["orders: unknown option --colour (see 'orders --help')"])
    }

    static let flagHelp = """
        Usage: orders flag NUMBER

        Flag an order for attention.

        Options for every command: --db PATH, --actor NAME, --help (see 'orders --help').

        """

    @Test func anOrphanedWriteAheadLogIsReportedAndLeftAlone() throws {
        // A real write-ahead log with a committed change in it: its database is then deleted.
        let db = try seededDatabase("old.db")
        let holder = try SQLiteShell.hold(db, "PRAGMA wal_autocheckpoint = 0; UPDATE orders SET flagged = 1 WHERE id = 1;")
        let orphan = cli.path("orders.db")
        try FileManager.default.copyItem(atPath: db + "-wal", toPath: orphan + "-wal")
        holder.release()
        let wal = try #require(FileManager.default.contents(atPath: orphan + "-wal"))
        #expect(!wal.isEmpty)
        let file = cli.path("one.json")
        try Data(try cli.run(["list", "--db", db, "--format", "json", "--limit", "1"]).stdout.utf8).write(to: URL(fileURLWithPath: file))
        for arguments in [["list"], ["demo", "--count", "10"], ["import", file], ["flag", "1"], []] {
            let result = try cli.run(arguments + ["--db", orphan])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.errorLines == ["orders: no database at \(orphan), but \(orphan)-wal from a deleted one is still there; "
                + "orders leaves it alone: move it away before creating a database at that path"], "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: orphan), "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: orphan + "-shm"), "\(arguments)")
            #expect(FileManager.default.contents(atPath: orphan + "-wal") == wal, "\(arguments)")
        }
        // Moved away, the path is free again and a new database there is whole.
        try FileManager.default.removeItem(atPath: orphan + "-wal")
        #expect(try cli.run(["demo", "--count", "10", "--db", orphan]).status == 0)
        #expect(try SQLiteIntegrity.check(orphan) == "ok")
        #expect(try cli.run(["list", "--db", orphan, "--limit", "0"]).stdout.hasSuffix("\n0 of 10 matching orders\n"))
    }

    // MARK: list and show

    @Test func listFiltersSortsAndFormats() throws {
        let db = try seededDatabase()
        let csv = try cli.run(["list", "--db", db, "--format", "csv", "--status", "pending,processing", "--sort", "total:desc", "--limit", "25"])
        #expect(csv.status == 0)
        let rows = try OrderCSV.decode(Array(csv.stdout.utf8), fileName: "stdout")
        #expect(rows.count == 25)
        #expect(rows.allSatisfy { [.pending, .processing].contains($0.status) })
        // Sorted and judged by the total the shop reports (its own currency when the customer paid in another).
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.reportingTotal >= $1.reportingTotal })

        let json = try cli.run(["list", "--db", db, "--format", "json", "--high-value", "--flagged", "--search", "ord-000"])
        let orders = try OrderJSON.decode(Array(json.stdout.utf8), fileName: "stdout")
        #expect(!orders.isEmpty)
        #expect(orders.allSatisfy { $0.flagged && $0.reportingTotal > 1000 && $0.id.number < 10_000 })

        let none = try cli.run(["list", "--db", db, "--search", "zzzz-no-such-thing"])
        #expect(none.stdout.hasSuffix("0 of 0 matching orders\n"))
    }

    @Test func showPrintsOneOrderAsTextOrJSON() throws {
        let db = try seededDatabase()
        let text = try cli.run(["show", "ORD-0000042", "--db", db])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("ORD-0000042  "))
        #expect(text.stdout.contains("\nSubtotal:  "))
        let json = try cli.run(["show", "42", "--db", db, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["id"] as? String == "ORD-0000042")
        #expect(object["version"] as? Int == 1)
        #expect(object["history"] as? [Any] != nil)
        #expect(object["subtotal"] != nil && object["total"] != nil && object["notes"] != nil)
        let missing = try cli.run(["show", "ORD-0999999", "--db", db])
        #expect(missing.status == 1)
        #expect(missing.errorLines == ["orders: Order ORD-0999999 does not exist."])
    }

    /// The README's link form names an order for `--open` and every command alike; a bare number that
    /// is a shop's `#1001` and the local `ORD-0001001` both is refused with the two named.
    @Test func linksAndAmbiguousNumbersOnTheCommandLine() throws {
        let db = try seededDatabase()
        let linked = try cli.run(["show", "orders://order/ORD-0004965", "--db", db])
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(linked.stdout.hasPrefix("ORD-0004965  "))
        let before = try cli.run(["show", "1001", "--db", db])
        #expect(before.stdout.hasPrefix("ORD-0001001  "), "only the local order has 1001 before the import")
        let file = cli.path("shop.json")
        try Data("""
            [{"id": "#1001", "source": "shopify", "customer": "Ida Shop", "email": "ida@example.com", "country": "DK",
              "currency": "EUR", "status": "pending", "created_at": "2026-01-02T10:00:00Z", "flagged": false, "tags": [],
              "assignee": null, "discount": 0, "shipping": 0, "tax": 0,
              "items": [{"sku": "S-1", "title": "Stool", "quantity": 1, "unit_price": 10}]}]
            """.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try cli.run(["import", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let ambiguous = try cli.run(["show", "1001", "--db", db])
        #expect(ambiguous.status == 1)
        #expect(ambiguous.errorLines == [
            "orders: Order 1001 is ambiguous: it is local:ORD-0001001, shopify:#1001; name one as SOURCE:NUMBER.",
        ])
        #expect(try cli.run(["show", "shopify:1001", "--db", db]).stdout.hasPrefix("#1001  "))
        #expect(try cli.run(["show", "orders://order/shopify:%231001", "--db", db]).stdout.hasPrefix("#1001  "))
        let unknownLink = try cli.run(["show", "https://example.com/1001", "--db", db])
        #expect(unknownLink.status == 2)
    }

    // MARK: Changes

    @Test func changesGoThroughTheWorkflowAndTheAuditLog() throws {
        let db = try seededDatabase()
        // Find a pending order to walk through the workflow.
        let pending = try cli.run(["list", "--db", db, "--status", "pending", "--format", "csv", "--limit", "1"])
        let order = try #require(try OrderCSV.decode(Array(pending.stdout.utf8), fileName: "x").first)
        let id = order.id.description

        let refused = try cli.run(["set-status", id, "shipped", "--db", db])
        #expect(refused.status == 1)
        #expect(refused.errorLines == ["orders: \(id): cannot change status from pending to shipped: a pending order can only become processing or cancelled"])

        let moved = try cli.run(["set-status", id, "processing", "--note", "Picked", "--db", db], environment: ["ORDERS_ACTOR": "fatima"])
        #expect(moved.status == 0)
        #expect(moved.stdout == "\(id) is now processing.\n")
        #expect(try cli.run(["flag", id, "--db", db, "--actor", "giulia"]).stdout == "\(id) is flagged.\n")
        #expect(try cli.run(["note", id, "Customer called", "--db", db, "--actor", "giulia"]).status == 0)
        #expect(try cli.run(["unflag", id, "--db", db]).status == 0)

        let shown = try cli.run(["show", id, "--db", db, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let history = try #require(object["history"] as? [[String: Any]])
        #expect(history.map { $0["field"] as? String } == ["status", "notes", "flagged", "notes", "flagged"])
        #expect(history.map { $0["actor"] as? String }.prefix(4) == ["fatima", "fatima", "giulia", "giulia"])
        #expect(object["version"] as? Int == 5)
        #expect(object["status"] as? String == "processing")
    }

    // MARK: Import and export

    @Test(arguments: ["csv", "json"])
    func exportThenImportIntoAnEmptyDatabaseReproducesEveryOrder(_ format: String) throws {
        let db = try seededDatabase()
        // Some history and notes first, so the export carries more than demo defaults.
        _ = try cli.run(["note", "7", "Two\nlines, \"quoted\"", "--db", db])
        let file = cli.path("export.\(format)")
        let exported = try cli.run(["export", "--db", db, "--output", file])
        #expect(exported.status == 0)
        #expect(exported.stderr == "Exported 5000 orders to \(file).\n")

        let copy = cli.path("copy.db")
        let imported = try cli.run(["import", file, "--db", copy])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "Imported 5000 orders from export.\(format).\n")
        let again = try cli.run(["export", "--db", copy, "--format", format])
        #expect(again.stdout == (try String(contentsOfFile: file, encoding: .utf8)))
    }

    @Test func exportWithAQueryWritesExactlyWhatListShows() throws {
        let db = try seededDatabase()
        let options = ["--search", "status:pending,processing total>100 -country:US", "--sort", "total:desc", "--limit", "25"]
        let listed = try cli.run(["list", "--db", db, "--format", "csv"] + options)
        #expect(listed.status == 0, "\(listed.stderr)")
        let file = cli.path("some.csv")
        let exported = try cli.run(["export", "--db", db, "--output", file] + options)
        #expect(exported.status == 0, "\(exported.stderr)")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written == listed.stdout)
        // Read as CSV: cells hold line breaks (street lines, customers' notes).
        let orders = try OrderCSV.decode(Array(written.utf8), fileName: "some.csv")
        #expect(!orders.isEmpty)
        #expect(orders.count == Int(exported.stderr.split(separator: " ")[1]))
    }

    @Test func importIsAllOrNothingAndRefusesExistingIDsUnlessUpdating() throws {
        let db = try seededDatabase()
        let file = cli.path("two.csv")
        try """
        id,customer,email,country,currency,status,created_at,flagged,tags,assignee,discount,shipping,tax,sku,title,quantity,unit_price
        ORD-0100001,Ann Lee,ann@example.com,US,USD,pending,2026-03-01T09:30:00Z,false,,,0,0,0,A-1,Thing,1,10.00
        ORD-0100002,Bob Roe,bob@example.com,US,USD,pending,2026-03-01T09:31:00Z,false,,,0,0,0,A-1,Thing,-3,10.00

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let bad = try cli.run(["import", file, "--db", db])
        #expect(bad.status == 1)
        #expect(bad.errorLines == ["orders: two.csv, line 3, field quantity: must be at least 1, got -3; nothing was imported"])
        #expect(try cli.run(["show", "ORD-0100001", "--db", db]).status == 1)

        let dry = try cli.run(["import", file, "--db", db, "--dry-run"])
        #expect(dry.status == 1)
        #expect(dry.errorLines == ["orders: two.csv, line 3, field quantity: must be at least 1, got -3",
                                   "orders: 1 problem found; nothing was written (dry run)"])

        let existing = cli.path("existing.json")
        let show = try cli.run(["list", "--db", db, "--format", "json", "--sort", "id:asc", "--limit", "2"])
        try show.stdout.replacingOccurrences(of: "\"customer\": {\"name\": \"", with: "\"customer\": {\"name\": \"Renamed ")
            .write(toFile: existing, atomically: true, encoding: .utf8)
        let dryExisting = try cli.run(["import", existing, "--db", db, "--dry-run"])
        #expect(dryExisting.status == 1)
        #expect(dryExisting.errorLines == ["orders: existing.json, index 0, field id: order ORD-0000001 already exists (use --update to replace it)",
                                           "orders: existing.json, index 1, field id: order ORD-0000002 already exists (use --update to replace it)",
                                           "orders: 2 problems found; nothing was written (dry run)"])
        let refused = try cli.run(["import", existing, "--db", db])
        #expect(refused.status == 1)
        #expect(refused.errorLines == ["orders: existing.json, index 0, field id: order ORD-0000001 already exists (use --update to replace it) (and 1 more problem); nothing was imported"])
        let updated = try cli.run(["import", existing, "--db", db, "--update", "--actor", "importer"])
        #expect(updated.status == 0, "\(updated.stderr)")
        let after = try cli.run(["show", "1", "--db", db])
        #expect(after.stdout.contains("Customer:  Renamed "))
        #expect(after.stdout.contains("(version 2)"))
        #expect(after.stdout.contains("importer via import  order: version 1 → replaced by import"))
    }

    static let header = "id,customer,email,country,currency,status,created_at,flagged,tags,assignee,discount,shipping,tax,sku,title,quantity,unit_price\n"
    static let row = "ORD-0200001,Ann Lee,ann@example.com,US,USD,pending,2026-03-01T09:30:00Z,false,,,0,0,0,A-1,Thing,1,10.00\n"

    /// Malformed files through the real binary: exit 1, one line naming file, place, field and problem, nothing written.
    static let malformedFiles: [(name: String, bytes: [UInt8], message: String)] = [
        ("truncated.json", Array("[{\"id\": \"ORD-1\", \"customer\": \"Ann\"".utf8),
         "truncated.json, line 1, column 35: is not valid JSON: the file ends too early"),
        ("types.json", Array("[{\"id\": \"ORD-1\", \"customer\": \"Ann\", \"email\": \"a@b.co\", \"country\": \"US\", \"currency\": \"USD\", \"status\": \"pending\", \"created_at\": \"2026-03-01T09:30:00Z\", \"items\": [{\"sku\": \"A\", \"title\": \"a\", \"quantity\": \"one\", \"unit_price\": 1}]}]".utf8),
         "types.json, index 0, field items[0].quantity: expected a number"),
        ("quoting.csv", Array((header + row.replacingOccurrences(of: "Ann Lee", with: "\"Ann\" Lee")).utf8),
         "quoting.csv, line 2: has text after a closing quote (a quote inside a quoted field must be doubled)"),
        ("utf8.csv", Array(header.utf8) + Array("ORD-0200001,Ann ".utf8) + [0xFF] + Array(row.dropFirst(19).utf8),
         "utf8.csv, line 2: is not valid UTF-8 text"),
        ("negative.csv", Array((header + row.replacingOccurrences(of: ",1,10.00", with: ",-1,10.00")).utf8),
         "negative.csv, line 2, field quantity: must be at least 1, got -1"),
        ("status.csv", Array((header + row.replacingOccurrences(of: ",pending,", with: ",on-hold,")).utf8),
         "status.csv, line 2, field status: unknown status \"on-hold\" (expected one of pending, processing, shipped, completed, cancelled, refunded)"),
        ("orders.xml", Array("<orders/>".utf8), "orders.xml: has an unknown extension (expected .csv or .json)"),
    ]

    @Test(arguments: malformedFiles.map(\.name))
    func malformedFilesAreRefusedAndNothingIsWritten(_ name: String) throws {
        let entry = try #require(Self.malformedFiles.first { $0.name == name })
        let file = cli.path(entry.name)
        try Data(entry.bytes).write(to: URL(fileURLWithPath: file))
        let db = try seededDatabase()
        let before = try cli.run(["export", "--db", db]).stdout
        let result = try cli.run(["import", file, "--db", db])
        #expect(result.status == 1)
        #expect(result.errorLines == ["orders: \(entry.message); nothing was imported"])
        #expect(try cli.run(["export", "--db", db]).stdout == before)
    }

    @Test func demoFillsOnlyAnEmptyDatabase() throws {
        let db = cli.path("demo.db")
        let made = try cli.run(["demo", "--count", "250", "--seed", "9", "--db", db])
        #expect(made.status == 0)
        #expect(made.stdout == "Created 250 demo orders in \(db).\n")
        #expect(try cli.run(["list", "--db", db, "--limit", "0"]).stdout.hasSuffix("0 of 250 matching orders\n"))
        let again = try cli.run(["demo", "--count", "10", "--db", db])
        #expect(again.status == 1)
        #expect(again.errorLines == ["orders: the database \(db) already holds 250 orders; demo data needs an empty one (use --db NEWFILE)"])
    }

    // MARK: Unusable databases

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
        let file = cli.path("notes.txt")
        try "just some notes\n".write(toFile: file, atomically: true, encoding: .utf8)
        for arguments in [["list"], ["show", "1"], ["flag", "1"], ["export"], []] {
            let result = try cli.run(arguments + ["--db", file])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.errorLines == ["orders: The database \(file) is not an orders database (it is not an SQLite file)."], "\(arguments)")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "just some notes\n")
        #expect(!FileManager.default.fileExists(atPath: file + "-wal"))
    }

    @Test func aReadOnlyDatabaseIsRefusedAndLeftAlone() throws {
        let db = try seededDatabase()
        let before = FileManager.default.contents(atPath: db)
        try ReadOnly.protect(db)
        defer { try? ReadOnly.unprotect(db) }
        let result = try cli.run(["flag", "1", "--db", db])
        #expect(result.status == 1)
        #expect(result.errorLines == ["orders: The database \(db) is read-only; orders needs to write to it."])
        #expect(FileManager.default.contents(atPath: db) == before)
    }

    @Test func aDatabaseFromANewerVersionIsRefusedAndLeftAlone() throws {
        let db = try seededDatabase()
        _ = try SQLiteShell.run(db, "PRAGMA user_version = 42; PRAGMA wal_checkpoint(TRUNCATE);")
        let before = FileManager.default.contents(atPath: db)
        let result = try cli.run(["show", "1", "--db", db])
        #expect(result.status == 1)
        #expect(result.errorLines == ["orders: The database \(db) was written by a newer version of orders (schema 42; this one knows up to \(SQLiteSchema.currentVersion))."])
        #expect(FileManager.default.contents(atPath: db) == before)
    }

    @Test func aDatabaseLockedByAnotherProgramIsReportedAfterWaiting() throws {
        let db = try seededDatabase()
        // Another program takes an exclusive lock and writes, then keeps its transaction open.
        let holder = try SQLiteShell.hold(db, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE orders SET version = version WHERE id = 1;")
        defer { holder.release() }
        let result = try cli.run(["flag", "1", "--db", db])
        #expect(result.status == 1)
        #expect(result.errorLines == ["orders: The database \(db) is locked by another program; try again when it has finished."])
        holder.release()
        #expect(try cli.run(["show", "1", "--db", db, "--format", "json"]).stdout.contains("\"version\": 1,"), "nothing was written")
    }

    @Test func theAuditLogNamesTheOperatingSystemUserByDefault() throws {
        let db = try seededDatabase()
        #expect(try cli.run(["note", "3", "checked", "--db", db]).status == 0)
        let shown = try cli.run(["show", "3", "--db", db, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let history = try #require(object["history"] as? [[String: Any]])
        let user = String(cString: getpwuid(geteuid()).pointee.pw_name)
        #expect(history.map { $0["actor"] as? String } == [user])
    }

    @Test func dataQuotedInAnErrorCannotReachTheTerminalRaw() throws {
        let file = cli.path("evil.csv")
        try ("id,customer,email,country,currency,status,created_at,flagged,tags,assignee,discount,shipping,tax,sku,title,quantity,unit_price\n"
            + "ORD-1,Eve,e@x.io,US,\"US\u{1B}]0;pwned\u{07}D\",pending,2026-03-01T09:30:00Z,false,,,0,0,0,A,a,1,1\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = try cli.run(["import", file, "--db", cli.path("evil.db")])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"))
        #expect(result.errorLines.first?.hasPrefix("orders: evil.csv, line 2, field currency: unknown currency \"US␛]0;pwned␇D\" (an ISO 4217 code such as EUR, USD or JPY)") == true)
    }

    // MARK: Two processes, one database

    @Test func aChangeByAnotherProcessReachesAnOpenStore() async throws {
        let db = try seededDatabase()
        let store = try SQLiteOrderStore(path: db)
        let changes = store.changes()
        let result = try cli.run(["flag", "77", "--db", db])
        #expect(result.status == 0)
        // The first change must be the other process's flag.
        #expect(await firstChange(of: changes) == .updated([OrderID(77)]))
        #expect(try await store.order(OrderID(77))?.flagged == true)
    }

    // MARK: Crash safety

    // Synchronous on purpose: the polling loop must keep running on its thread even when
    // other tests have every cooperative thread blocked waiting for their processes.
    @Test func anImportKilledHalfWayLeavesAllOrNothing() throws {
        // A file large enough that the import is still writing when it is killed.
        let count = 60_000
        let file = cli.path("big.csv")
        var exporter = OrderExporter(format: .csv)
        var text = exporter.prologue()
        text += exporter.text(for: DemoDataGenerator(seed: 4, now: Date(millisecondsSince1970: 1_790_000_000_000)).orders(count: count))
        try text.write(toFile: file, atomically: true, encoding: .utf8)

        let db = cli.path("crash.db")
        let process = try cli.start(["import", file, "--db", db])
        // Kill the moment the import is inside its write transaction: that is when another
        // process cannot take the write lock. (This also proves the importing process shares
        // its locks with others: a connection left open across the new file's rename once
        // kept a private WAL index that no other process could see.)
        var killedMidImport = false
        var probe: WriteLockProbe?
        // Bounded by time, not by a count of polls: on a loaded machine the debug build
        // parses for a long while before it starts writing.
        try waitUntil("the import to hold the write lock (or end)", within: .seconds(300), polling: .milliseconds(2)) {
            guard process.isRunning else { return true }
            if probe == nil, FileManager.default.fileExists(atPath: db) { probe = try? WriteLockProbe(path: db) }
            guard let probe, probe.isWriteLocked() else { return false }
            process.signal(SIGKILL)
            killedMidImport = true
            return true
        }
        probe = nil
        #expect(killedMidImport, "the import finished before it could be killed; make the file larger")
        #expect(process.waitUntilExit() == .signalled(SIGKILL))

        let check = try cli.run(["list", "--db", db, "--limit", "0"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasSuffix("\n0 of 0 matching orders\n") || check.stdout.hasSuffix("\n0 of \(count) matching orders\n"),
                "\(check.stdout)")
        #expect(try SQLiteIntegrity.check(db) == "ok")
    }
}
