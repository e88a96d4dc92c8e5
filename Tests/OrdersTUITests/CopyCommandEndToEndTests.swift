import Foundation
@testable import OrdersCore
@testable import OrdersStorage
@testable import OrdersInterchange
import TerminalTestSupport
import Testing

/// `orders copy` on the real binary between SQLite files and databases of the tests' own
/// PostgreSQL server: every order, child row, version and audit entry arrives, all or nothing.
@Suite("orders copy between SQLite and PostgreSQL")
final class CopyCommandEndToEndTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// One shop order with every child row a store keeps (codes, adjustments, refunds with
    /// lines, both addresses, tracking numbers, note attributes): `ShopInterchangeTests`' rich order.
    static let richOrderJSON = """
        [{"id": "#1001", "source": "shopify", "shop_id": "5512345678901", "customer": "Fatima Al-Sabah", \
        "email": "fatima@example.kw", "country": "KW", "currency": "KWD", "status": "processing", \
        "payment_status": "partially_refunded", "fulfillment_status": "unfulfilled", "source_status": null, \
        "cancelled_at": null, "cancel_reason": null, "closed": false, "created_at": "2026-09-21T14:13:20.000Z", \
        "updated_at": "2026-09-21T14:13:20.000Z", "flagged": false, "tags": ["vip"], "assignee": null, "discount": "2.000", \
        "shipping": "3.250", "tax": "1.245", "taxes_included": true, "discount_codes": [{"code": "EID", "amount": "2.000"}], \
        "adjustments": [{"kind": "fee", "label": "Cash on delivery", "amount": "0.500"}], "stated_total": "27.940", \
        "refunds": [{"id": "R1", "created_at": "2026-09-21T15:13:20.000Z", "reason": "leaked", "amount": "12.345", \
        "shipping": "0.000", "restock": false, "lines": [{"line": 1, "sku": "OUD-1", "quantity": 1}]}], \
        "shop_currency": "EUR", "shop_total": "84.60", "exchange_rate": "3.0279", "phone": "+965 2222 3333", \
        "customer_key": "7390012", "shipping_address": {"name": "Fatima Al-Sabah", "company": null, \
        "lines": ["Block 3, Street 12", "House 7"], "city": "Salmiya", "postcode": null, "region": "Hawalli", \
        "country": "KW", "phone": null}, "billing_address": {"name": "F. Al-Sabah", "company": "Oud & Co", \
        "lines": ["PO Box 1"], "city": "Kuwait City", "postcode": "13001", "region": null, "country": "KW", "phone": "+965 1"}, \
        "shipping_method": "Express", "tracking_numbers": ["KW123", "KW124"], "payment_method": "cash_on_delivery", \
        "risk": "low", "customer_note": "Call first,\\nplease", "note_attributes": [{"key": "gift", "value": "yes"}], \
        "paid_at": "2026-09-21T14:14:20.000Z", "fulfilled_at": null, "version": 1, "notes": [], \
        "items": [{"sku": "OUD-1", "title": "Oud, 50 ml", "quantity": 2, "unit_price": "12.345"}, \
        {"sku": "BOX", "title": "Gift box", "quantity": 1, "unit_price": "1.500"}]}]
        """

    /// A SQLite file of `count` demo orders plus the rich shop order, with history written by
    /// two operators through the binary (status, flag, note, refund, assignee).
    func sourceDatabase(count: Int = 120) throws -> String {
        let db = cli.path("source.db")
        #expect(try cli.run(["demo", "--count", "\(count)", "--db", db]).status == 0)
        let file = cli.path("rich.json")
        try Data(Self.richOrderJSON.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try cli.run(["import", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        for change in [["note", "ORD-0000001", "first\nline two", "--actor", "ana"],
                       ["flag", "ORD-0000002", "--actor", "bo"],
                       ["note", "#1001", "checked the refund", "--actor", "bo"],
                       ["set-status", "ORD-0000003", "refunded", "--note", "asked to", "--actor", "ana"]] {
            let result = try cli.run(change + ["--db", db])
            #expect(result.status == 0, "\(change): \(result.stderr)")
        }
        return db
    }

    /// Every order, whole, and the whole audit log with the versions the entries produced.
    func everything(in store: some TransferableOrderStore) async throws -> OrderTransferBatch {
        try await store.transferBatch(after: nil, limit: 1_000_000)
    }

    /// Every order, exactly, through the binary's own export.
    func export(_ db: String) throws -> String {
        let result = try cli.run(["export", "--db", db, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("SQLite → PostgreSQL → SQLite gives back every order, child row, version and audit entry, and the same export")
    func aRoundTripKeepsEverything() async throws {
        let source = try sourceDatabase()
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        let back = cli.path("back.db")

        let there = try cli.run(["copy", "--from", source, "--to", url])
        #expect(there.status == 0, "\(there.stderr)")
        #expect(there.stdout == "Copied 121 orders from \(source) to \(url).\n")
        // Not a terminal: plain lines, one per tenth reached (one page of 1,000 holds all 121).
        // A new PostgreSQL database is given the orders tables, and says so (only the commands that fill one may).
        #expect(there.stderr == "orders: created the orders tables in \(url)\n"
                + "Copied 0 of 121 orders (0%).\nCopied 121 of 121 orders (100%).\n")
        let home = try cli.run(["copy", "--from", url, "--to", back])
        #expect(home.status == 0, "\(home.stderr)")
        #expect(home.stdout == "Copied 121 orders from \(url) to \(back).\n")

        let original = try await everything(in: SQLiteOrderStore(path: source))
        let onServer = try await everything(in: PostgresOrderStore(connectionString: url))
        let returned = try await everything(in: SQLiteOrderStore(path: back))
        #expect(original.orders.count == 121)
        #expect(onServer.orders == original.orders)
        #expect(returned.orders == original.orders)
        // The history: demo orders' own, the import, and the four changes above, with their versions.
        #expect(original.audit.contains { $0.entry.actor == "ana" && $0.entry.field == "notes" && $0.entry.orderID == OrderID(1) })
        #expect(Set(original.audit.map(\.entry.actor)).isSuperset(of: ["ana", "bo"]))
        #expect(onServer.audit == original.audit)
        #expect(returned.audit == original.audit)
        let exported = try export(source)
        #expect(exported.contains("\"id\": \"#1001\""))
        #expect(try export(url) == exported)
        #expect(try export(back) == exported)
        // A stale write on the copy is refused naming the same changed fields as on the original.
        let onOriginal = try await conflictFields(in: SQLiteOrderStore(path: source))
        // ana's move to refunded gave back what was outstanding as a refund record, then the note.
        #expect(onOriginal == ["refunds", "payment", "notes"], "\(onOriginal)")
        #expect(try await conflictFields(in: PostgresOrderStore(connectionString: url)) == onOriginal)
        #expect(try await conflictFields(in: SQLiteOrderStore(path: back)) == onOriginal)
    }

    @Test("a destination holding orders is refused and left as it was, unless --replace, which replaces them all")
    func aDestinationHoldingOrdersIsRefusedUnlessReplaced() async throws {
        let source = try sourceDatabase(count: 30)
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        let file = cli.path("other.db")
        for destination in [url, file] {
            let demo = try cli.run(["demo", "--count", "7", "--seed", "99", "--db", destination])
            #expect(demo.status == 0, "\(demo.stderr)")
            let before = try export(destination)
            let refused = try cli.run(["copy", "--from", source, "--to", destination])
            #expect(refused.status == 1)
            #expect(refused.stdout == "")
            #expect(refused.stderr == "orders: \(destination): the destination already holds 7 orders; nothing was copied "
                    + "(--replace replaces them, all or nothing)\n")
            #expect(try export(destination) == before)

            let replaced = try cli.run(["copy", "--from", source, "--to", destination, "--replace"])
            #expect(replaced.status == 0, "\(replaced.stderr)")
            #expect(replaced.stdout == "Copied 31 orders from \(source) to \(destination).\n")
            #expect(try export(destination) == export(source))
        }
        // The seed-99 orders' history went with them: what is left is the source's, exactly.
        let original = try await everything(in: SQLiteOrderStore(path: source))
        #expect(try await everything(in: PostgresOrderStore(connectionString: url)).audit == original.audit)
        #expect(try await everything(in: SQLiteOrderStore(path: file)).audit == original.audit)

        let missing = try cli.run(["copy", "--from", cli.path("nothing.db"), "--to", url])
        #expect(missing.status == 1)
        #expect(missing.stderr == "orders: \(OrderDatabase.missingMessage(cli.path("nothing.db")))\n")
        let same = try cli.run(["copy", "--from", url, "--to", url])
        #expect(same.status == 2)
        #expect(same.stderr == "orders: copy needs two different databases, got \(url) twice\n")
    }

    // Synchronous on purpose: the child is watched and killed from a thread of its own.
    @Test("a copy killed with SIGKILL halfway leaves the destination (a server or a file) exactly as it was")
    func aCopyKilledHalfwayLeavesTheDestinationAsItWas() throws {
        let source = cli.path("big.db")
        #expect(try cli.run(["demo", "--count", "20000", "--db", source]).status == 0)
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        let file = cli.path("kept.db")
        for destination in [url, file] {
            #expect(try cli.run(["demo", "--count", "25", "--seed", "5", "--db", destination]).status == 0)
            let before = try export(destination)
            let copy = try ChildProcess.start([OrdersBinary.url.path, "copy", "--from", source, "--to", destination, "--replace"],
                                              environment: cli.environment(adding: [:]), output: .separate)
            // Killed once a third of the pages are written into its one transaction.
            try waitUntil("the copy to report 30% (or end)", within: .seconds(300), polling: .milliseconds(2)) {
                !copy.isRunning || copy.errorOutput.contains("(30%)")
            }
            #expect(copy.isRunning, "the copy ended before it could be killed: \(copy.errorOutput)")
            copy.signal(SIGKILL)
            #expect(copy.waitUntilExit() == .signalled(SIGKILL))
            #expect(copy.errorOutput.contains("Copied 6000 of 20000 orders (30%).\n"), "\(copy.errorOutput)")
            #expect(!copy.errorOutput.contains("(100%)"))
            if destination == file { #expect(try SQLiteIntegrity.check(file) == "ok") }
            #expect(try export(destination) == before)
        }
        // Into a file that does not exist yet: killed, there is still no database there.
        let fresh = cli.path("fresh.db")
        let copy = try ChildProcess.start([OrdersBinary.url.path, "copy", "--from", source, "--to", fresh],
                                          environment: cli.environment(adding: [:]), output: .separate)
        try waitUntil("the copy to report 30% (or end)", within: .seconds(300), polling: .milliseconds(2)) {
            !copy.isRunning || copy.errorOutput.contains("(30%)")
        }
        #expect(copy.isRunning, "the copy ended before it could be killed: \(copy.errorOutput)")
        copy.signal(SIGKILL)
        #expect(copy.waitUntilExit() == .signalled(SIGKILL))
        #expect(!FileManager.default.fileExists(atPath: fresh))
        let listed = try cli.run(["list", "--db", fresh])
        #expect(listed.stderr == "orders: \(OrderDatabase.missingMessage(fresh))\n")
    }

    @Test("on a terminal the progress is one bar redrawn in place, ending full")
    func onATerminalTheProgressIsABar() throws {
        let source = cli.path("bar.db")
        #expect(try cli.run(["demo", "--count", "2500", "--db", source]).status == 0)
        let target = cli.path("bar-copy.db")
        let pane = TmuxPane()
        let command = [OrdersBinary.url.path, "copy", "--from", source, "--to", target].map(TmuxPane.quote).joined(separator: " ")
        try pane.start(TmuxPane.reportingExit(command), width: 250, height: 50,
                       environment: ["HOME": cli.home.path, "LANG": "C.UTF-8"])
        #expect(try pane.waitForExit(timeout: 60) == 0)
        let screen = try pane.screen()
        // The bar went back to the line's start for each page (three of 1,000), so one line holds its last state.
        #expect(Array(screen.prefix(2)) == ["[##############################] 100% 2500 of 2500 orders",
                                            "Copied 2500 orders from \(source) to \(target)."], "\(screen)")
    }

    /// The fields a flag on ORD-0000003 at its first version is told were changed since.
    func conflictFields(in store: some OrderStore) async throws -> [String] {
        do {
            // A change of the workflow made on version 1: refused, as the refund moved the workflow since.
            try await store.update(OrderID(3), expectedVersion: 1, mutations: [.setStatus(.cancelled)], actor: "cy")
            return []
        } catch OrderStoreError.conflict(_, _, let fields) {
            return fields
        }
    }
}
