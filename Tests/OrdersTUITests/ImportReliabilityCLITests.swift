import Foundation
import OrdersCore
import Testing
import TerminalTestSupport

/// Import and export refusals through the real binary: exit 1, one sentence per
/// problem naming file, place and field, and nothing written.
@Suite("orders CLI: import and export refusals")
final class ImportReliabilityCLITests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    static let header = "id,customer,email,country,currency,status,created_at,flagged,tags,assignee,discount,shipping,tax,sku,title,quantity,unit_price\n"

    static func row(_ id: String, sku: String = "A-1", quantity: String = "1", price: String = "10.00") -> String {
        "\(id),Ann Lee,ann@example.com,US,USD,pending,2026-03-01T09:30:00Z,false,,,0,0,0,\(sku),Thing,\(quantity),\(price)\n"
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = cli.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A database holding the 5,000 demo orders the app seeds its default database with.
    func seededDatabase() throws -> String {
        let path = cli.path("seeded.db")
        #expect(try cli.run(["demo", "--count", "5000", "--db", path]).status == 0)
        return path
    }

    @Test func amountsBeyondTheRangeAreRefusedNotTrapped() throws {
        let db = try seededDatabase()
        let before = try cli.run(["export", "--db", db]).stdout
        for (name, quantity, price, message) in [
            ("huge.csv", "1", "1000000000000000", "huge.csv, line 2, field unit_price: is 1000000000000000, above the largest amount orders can hold (1000000000000)"),
            ("twice.csv", "2", "922337203685477", "twice.csv, line 2, field unit_price: is 922337203685477, above the largest amount orders can hold (1000000000000)"),
        ] {
            let file = try write(name, Self.header + Self.row("ORD-0300001", quantity: quantity, price: price))
            let result = try cli.run(["import", file, "--db", db])
            #expect(result.status == 1)
            #expect(result.errorLines == ["orders: \(message); nothing was imported"])
        }
        let json = try write("huge.json", """
            [{"id": "ORD-0300001", "customer": "Ann", "email": "a@b.co", "country": "US", "currency": "USD", "status": "pending",
              "created_at": "2026-03-01T09:30:00Z", "items": [{"sku": "A", "title": "a", "quantity": 2, "unit_price": 922337203685477}]}]
            """)
        let result = try cli.run(["import", json, "--db", db])
        #expect(result.status == 1)
        #expect(result.errorLines == ["orders: huge.json, index 0, field items[0].unit_price: is 922337203685477, above the largest amount orders can hold (1000000000000); nothing was imported"])
        #expect(try cli.run(["export", "--db", db]).stdout == before)
    }

    @Test func oneOrderNumberWrittenTwoWaysIsOneDuplicateInADryRunToo() throws {
        let db = try seededDatabase()
        let inFile = try write("twice.csv", Self.header + Self.row("ORD-0300001") + Self.row("ORD-300001", sku: "B-2"))
        let dry = try cli.run(["import", inFile, "--db", db, "--dry-run"])
        #expect(dry.status == 1)
        #expect(dry.errorLines == [
            "orders: twice.csv, line 3, field id: \"ORD-300001\" is the same order number as \"ORD-0300001\" on line 2, written differently (write it the same way on every row of one order)",
            "orders: 1 problem found; nothing was written (dry run)",
        ])
        let stored = try write("stored.csv", Self.header + Self.row("ORD-1") + Self.row("ORD-0300002"))
        let dryStored = try cli.run(["import", stored, "--db", db, "--dry-run"])
        #expect(dryStored.status == 1)
        #expect(dryStored.errorLines == [
            "orders: stored.csv, line 2, field id: order ORD-0000001 (written \"ORD-1\" here) already exists (use --update to replace it)",
            "orders: 1 problem found; nothing was written (dry run)",
        ])
        let real = try cli.run(["import", stored, "--db", db])
        #expect(real.status == 1)
        #expect(real.errorLines == ["orders: stored.csv, line 2, field id: order ORD-0000001 (written \"ORD-1\" here) already exists (use --update to replace it); nothing was imported"])
        #expect(try cli.run(["show", "ORD-0300002", "--db", db]).status == 1)
    }

    @Test func aFileCutShortIsRefusedUnlessAllowed() throws {
        let db = cli.path("empty.db")
        // Three line items of one order, the last price cut from 108.99 to 1 with no line break.
        let text = Self.header + Self.row("ORD-0300001") + Self.row("ORD-0300001", sku: "B-2")
            + Self.row("ORD-0300001", sku: "C-3", price: "108.99")
        let file = try write("cut.csv", String(text.dropLast(6)))
        let refused = try cli.run(["import", file, "--db", db])
        #expect(refused.status == 1)
        #expect(refused.errorLines == ["orders: cut.csv, line 4: is the last line and has no line break at its end, so the file may have been cut short (use --allow-unterminated if the file is complete); nothing was imported"])
        #expect(!FileManager.default.fileExists(atPath: db)) // refused before the database was even opened

        let allowed = try cli.run(["import", file, "--db", db, "--allow-unterminated"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout == "Imported 1 order from cut.csv.\n")
    }

    @Test func impossibleDatesAreRefusedUnlessAllowed() throws {
        let db = cli.path("dates.db")
        let file = try write("old.csv", Self.header + Self.row("ORD-0300001").replacingOccurrences(of: "2026-03-01T09:30:00Z", with: "0001-01-01T00:00:00Z"))
        let refused = try cli.run(["import", file, "--db", db])
        #expect(refused.status == 1)
        #expect(refused.errorLines == ["orders: old.csv, line 2, field created_at: \"0001-01-01T00:00:00Z\" is before 1970, which no order can be (use --allow-any-date if it is right); nothing was imported"])
        let allowed = try cli.run(["import", file, "--db", db, "--allow-any-date"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test func aFullDiskDuringExportIsASentenceAndLeavesNoFile() throws {
        let db = try seededDatabase()
        let output = cli.path("out.csv")
        // A file-size limit of 100 KiB stands in for a full disk: the 5,000 orders need far more (and
        // SQLite, reading, never writes past it).
        let result = try ChildProcess.result(of: ["/bin/sh", "-c", "ulimit -f 200; exec \"$0\" \"$@\"", OrdersBinary.url.path,
                                           "export", "--db", db, "--output", output], environment: cli.environment)
        let stderr = result.errorOutput
        #expect(result.exit == .exited(1))
        #expect(stderr == "orders: Cannot write \(output): the file reached the size limit for files; \(output) was left as it was.\n")
        #expect(!FileManager.default.fileExists(atPath: output))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.home.path).filter { $0.contains("partial") }
        #expect(leftovers == [])
    }
}
