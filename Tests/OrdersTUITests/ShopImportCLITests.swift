import Foundation
import OrdersCore
import OrdersInterchange
import TerminalTestSupport
import Testing

/// `orders import` of shops' exports through the real binary: the summary, the problem report's
/// exact lines, the exit status, and a daily re-import that keeps the operators' work.
@Suite("orders CLI: a shop's export in, every day")
final class ShopImportCLITests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// The shared fixture (`ShopifyExportFixture`, also imported by the app's `:import` tests).
    static func shopifyCSV(_ rows: [[String: String]]) -> String { ShopifyExportFixture.csv(rows) }

    static func export(firstFulfilment: String = "") -> String { ShopifyExportFixture.export(firstFulfilment: firstFulfilment) }

    func write(_ name: String, _ text: String) throws -> String {
        let path = cli.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func json(_ number: String, db: String) throws -> [String: Any] {
        let shown = try cli.run(["show", number, "--format", "json", "--db", db])
        #expect(shown.status == 0, "\(shown.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    }

    @Test func aShopifyExportImportsAndTheNextDaysKeepsTheOperatorsWork() throws {
        let db = cli.path("shop.db")
        let file = try write("orders_export.csv", Self.export())
        let first = try cli.run(["import", file, "--db", db])
        #expect(first.stdout == "orders_export.csv: Shopify CSV, 2 orders: 2 new, 0 updated, 0 unchanged.\n")
        #expect(first.stderr == "")
        #expect(first.status == 0)
        let imported = try json("#1001", db: db)
        #expect(imported["id"] as? String == "#1001")
        #expect(imported["source"] as? String == "shopify")
        #expect(imported["shop_id"] as? String == "5012345678901")
        #expect(imported["payment_status"] as? String == "paid")
        #expect(imported["fulfillment_status"] as? String == "unfulfilled")
        #expect(imported["total"] as? String == "65.00")
        #expect(imported["stated_total"] as? String == "65.00")
        #expect(imported["customer_note"] as? String == "Ring twice, please.\nThanks")
        #expect((imported["items"] as? [[String: Any]])?.map { $0["sku"] as? String } == ["MUG-1", ""])

        // The operators' day: a flag, a note, an assignee.
        #expect(try cli.run(["flag", "#1001", "--db", db]).status == 0)
        #expect(try cli.run(["note", "#1001", "Customer called", "--db", db, "--actor", "ana"]).status == 0)

        // The next day's export: #1001 has been sent.
        let next = try write("orders_export.csv", Self.export(firstFulfilment: "fulfilled"))
        let second = try cli.run(["import", next, "--db", db])
        #expect(second.stdout == "orders_export.csv: Shopify CSV, 2 orders: 0 new, 1 updated, 1 unchanged.\n")
        #expect(second.status == 0)
        let reimported = try json("#1001", db: db)
        #expect(reimported["fulfillment_status"] as? String == "fulfilled")
        #expect(reimported["flagged"] as? Bool == true)
        #expect((reimported["notes"] as? [[String: Any]])?.map { $0["text"] as? String } == ["Customer called"])

        // The same file again changes nothing.
        let third = try cli.run(["import", next, "--db", db])
        #expect(third.stdout == "orders_export.csv: Shopify CSV, 2 orders: 0 new, 0 updated, 2 unchanged.\n")
        #expect(third.status == 0)
    }

    @Test func anotherProgramsCSVIsRefusedNamingTheMappingOption() throws {
        let db = cli.path("shop.db")
        let file = try write("erp.csv", "Order No,Date,Gross\r\nA-1,07.12.2025 19:08,12.50\r\n")
        let refused = try cli.run(["import", file, "--db", db])
        #expect(refused.status == 1)
        #expect(refused.errorLines.count == 1)
        let line = try #require(refused.errorLines.first)
        #expect(line.hasPrefix("orders: erp.csv, line 1: has an unknown column \"Order No\""))
        #expect(line.hasSuffix("; nothing was imported (another program's CSV comes in with --map FILE, a mapping file: "
                               + "orders import --help, \"Any other CSV\")"))
        // The help it names has that section.
        #expect(try cli.run(["import", "--help"]).stdout.contains("Any other CSV comes in through a mapping file"))
    }

    @Test func onATerminalAProgressBarShowsOrdersRateAndTimeLeft() throws {
        let db = cli.path("shop.db")
        let file = try write("orders_export.csv", Self.export())
        let pane = TmuxPane()
        let command = [OrdersBinary.url.path, "import", file, "--db", db].map(TmuxPane.quote).joined(separator: " ")
        try pane.start(TmuxPane.reportingExit(command), width: 100, height: 24, environment: cli.environment(adding: [:]))
        #expect(try pane.waitForExit() == 0)
        let screen = try pane.screen()
        // The bar is redrawn in place; its last state stays above the summary.
        #expect(screen[0].wholeMatch(of: /\[#{20}\] 2\/2 orders  \d+\/s  ETA 0s/) != nil, "\(screen[0])")
        #expect(screen[1] == "orders_export.csv: Shopify CSV, 2 orders: 2 new, 0 updated, 0 unchanged.")
    }

    @Test func everyProblemIsListedByKindAndNothingIsImported() throws {
        let db = cli.path("shop.db")
        // The first order's note holds a line break: the broken orders start at line 6.
        let good = Self.export()
        let broken = Self.shopifyCSV([
            ["Name": "#2001", "Email": "x@example.com", "Currency": "EUR", "Total": "5.00", "Created at": "yesterday",
             "Lineitem quantity": "1", "Lineitem name": "A", "Lineitem price": "5,00", "Lineitem sku": "A"],
            ["Name": "#2002", "Email": "y@example.com", "Currency": "EUR", "Total": "5.00", "Created at": "2025-12-08 08:00:00 +0000",
             "Lineitem quantity": "-1", "Lineitem name": "B", "Lineitem price": "5.00", "Lineitem sku": "B"],
            ["Name": "#2003", "Email": "z@example.com", "Currency": "EUR", "Total": "5.00", "Created at": "2025-12-08 08:00:00 +0000",
             "Lineitem quantity": "1", "Lineitem name": "C", "Lineitem price": "9.999", "Lineitem sku": "C"],
        ]).components(separatedBy: "\r\n").dropFirst().joined(separator: "\r\n")
        let file = try write("mixed.csv", good + broken)
        let expectedReport = [
            "mixed.csv: 4 problems in 3 orders",
            "Created at (1):",
            "  mixed.csv, line 6, field Created at: \"yesterday\" is not a date (expected a date and time like 2025-12-07 19:08:25 +0000)",
            "Lineitem price (1):",
            "  mixed.csv, line 6, field Lineitem price: \"5,00\" is not an amount (expected digits with an optional point, like 403.70)",
            "Lineitem quantity (1):",
            "  mixed.csv, line 7, field Lineitem quantity: \"-1\" is not a whole number of items",
            "items[].unit_price (1):",
            "  mixed.csv, line 8, field items[0].unit_price: has more decimals than EUR allows",
        ]
        let refused = try cli.run(["import", file, "--db", db])
        #expect(refused.errorLines == expectedReport + [
            "orders: nothing was imported: 3 orders have problems (--skip-invalid imports the others)",
        ])
        #expect(refused.stdout == "")
        #expect(refused.status == 1)
        #expect(!FileManager.default.fileExists(atPath: db), "a refused import creates no database")

        let dry = try cli.run(["import", file, "--db", db, "--dry-run"])
        #expect(dry.errorLines == expectedReport)
        #expect(dry.stdout == "mixed.csv: Shopify CSV, 5 orders: 2 new, 0 updated, 0 unchanged, 3 skipped; nothing was written (dry run).\n")
        #expect(dry.status == 1)

        let skipping = try cli.run(["import", file, "--db", db, "--skip-invalid"])
        #expect(skipping.errorLines == expectedReport)
        #expect(skipping.stdout == "mixed.csv: Shopify CSV, 5 orders: 2 new, 0 updated, 0 unchanged, 3 skipped.\n")
        #expect(skipping.status == 1)
        #expect(try cli.run(["list", "--db", db]).stdout.hasSuffix("2 of 2 matching orders\n"))
    }

    @Test func aWooCommerceExportSaysWhichZoneItsDatesWereReadIn() throws {
        let db = cli.path("shop.db")
        let file = try write("wc.csv", """
            "order_id","order_number","order_date","paid_date","status","shipping_total","tax_total","order_total",\
            "order_subtotal","order_currency","customer_email","billing_first_name","billing_last_name","billing_country",\
            "line_item_1"
            "7302","SO-7302","2025-12-06 23:59:59","","on-hold","0.00","0.00","25.00","25.00","PLN","jan@example.pl","Jan",\
            "Kowalski","PL","name:Notebook|product_id:7|sku:NB-A5|quantity:5|total:25.00|sub_total:25.00|tax:0.00"

            """)
        let result = try cli.run(["import", file, "--db", db, "--tz", "Europe/Warsaw"])
        #expect(result.stdout == """
            wc.csv: WooCommerce CSV, 1 order: 1 new, 0 updated, 0 unchanged.
            Dates without a time zone were read in Europe/Warsaw (--tz to change).

            """)
        #expect(result.status == 0)
        let order = try json("SO-7302", db: db)
        #expect(order["created_at"] as? String == "2025-12-06T22:59:59.000Z")
        #expect(order["source"] as? String == "woocommerce")
        #expect(order["source_status"] as? String == "on-hold")
        #expect(order["fulfillment_status"] as? String == "on_hold")
        let wrongZone = try cli.run(["import", file, "--db", db, "--tz", "Mars/Olympus"])
        #expect(wrongZone.errorLines == ["orders: --tz must name a time zone like Europe/Berlin or UTC, got \"Mars/Olympus\""])
        #expect(wrongZone.status == 2)
    }

    // Synchronous on purpose, like the other kill tests: the polling loop keeps its thread.
    @Test func aShopImportKilledWhileWritingLeavesNothing() throws {
        // Large enough that the import is still inside its one transaction when it is killed:
        // the second pass writes a chunk at a time, so the kill lands between chunks or inside one.
        let count = 10_000
        let file = cli.path("orders_export.csv")
        try ShopifyExportGenerator(seed: 5).write(count: count, to: file)
        let db = cli.path("killed.db")
        let process = try cli.start(["import", file, "--db", db])
        var killedMidImport = false
        var probe: WriteLockProbe?
        try waitUntil("the import to hold the write lock (or end)", within: .seconds(300), polling: .milliseconds(2)) {
            guard process.isRunning else { return true }
            if probe == nil, FileManager.default.fileExists(atPath: db) { probe = try? WriteLockProbe(path: db) }
            guard let probe, probe.isWriteLocked() else { return false }
            // Inside the transaction: let it write a few chunks before the kill (a moment, not a wait).
            usleep(300_000)
            process.signal(SIGKILL)
            killedMidImport = true
            return true
        }
        probe = nil
        #expect(killedMidImport, "the import finished before it could be killed; make the file larger")
        #expect(process.waitUntilExit() == .signalled(SIGKILL))
        #expect(try SQLiteIntegrity.check(db) == "ok")
        let check = try cli.run(["list", "--db", db, "--limit", "0"])
        #expect(check.stdout.hasSuffix("\n0 of 0 matching orders\n"), "\(check.stdout)\(check.stderr)")

        // The same file imported to the end: every order, and again nothing changes.
        let whole = try cli.run(["import", file, "--db", db])
        let summary = "orders_export.csv: Shopify CSV, \(count) orders: "
        #expect(whole.stdout.components(separatedBy: "\n").first == summary + "\(count) new, 0 updated, 0 unchanged.", "\(whole.stderr)")
        let again = try cli.run(["import", file, "--db", db])
        #expect(again.stdout.components(separatedBy: "\n").first == summary + "0 new, 0 updated, \(count) unchanged.")
    }
}
