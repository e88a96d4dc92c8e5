import Foundation
import OrdersCore
import OrdersInterchange
import Testing

/// Every action of the app is also a command (issue 27): `orders pay|cancel|hold|release|close|reopen|tag|untag|assign`,
/// `orders history` with the version each change made, and `orders undo` taking back the latest change
/// (or a named version) as a new change, refused in one sentence when it cannot be put back exactly.
@Suite("orders pay, cancel, hold, release, close, reopen, tag, untag, assign, history, undo")
final class CLIOrderActionsTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// #1001: pending, unpaid, 2 mugs and a lamp. #1002: paid, 10 pens of which 7 sent.
    func database() throws -> String {
        let file = cli.path("orders.json")
        try """
        [{"id": "#1001", "source": "shopify", "customer": "Aoife Wood", "email": "aoife@example.ie", "country": "IE",
          "currency": "EUR", "status": "pending", "payment_status": "pending", "fulfillment_status": "unfulfilled",
          "created_at": "2026-03-01T09:30:00Z",
          "items": [{"sku": "MUG-1", "title": "Mug", "quantity": 2, "unit_price": 45.05},
                    {"sku": "LAMP-2", "title": "Lamp", "quantity": 1, "unit_price": 299.00}]},
         {"id": "#1002", "source": "shopify", "customer": "Choi Jiwoo", "email": "jiwoo@example.kr", "country": "KR",
          "currency": "EUR", "status": "processing", "payment_status": "paid", "fulfillment_status": "partially_fulfilled",
          "created_at": "2026-03-01T09:30:00Z",
          "items": [{"sku": "PN-GEL-12", "title": "Gel pens", "quantity": 10, "unit_price": 16.00, "fulfilled_quantity": 7}]}]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let db = cli.path("shop.db")
        let imported = try cli.run(["import", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        return db
    }

    /// The history as `orders history --format json` gives it, each entry as "vN actor field: old → new"
    /// (the time is checked to be an ISO 8601 instant and left out).
    func history(_ number: String, _ db: String) throws -> [String] {
        let result = try cli.run(["history", number, "--format", "json", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return entries.map { entry in
            #expect((entry["at"] as? String).flatMap(ISO8601Milliseconds.date(from:)) != nil)
            return "v\(entry["version"] as? Int ?? 0) \(entry["actor"] as? String ?? "") \(entry["field"] as? String ?? ""): "
                + "\(entry["old"] as? String ?? "-") → \(entry["new"] as? String ?? "-")"
        }
    }

    func run(_ arguments: [String], _ db: String) throws -> (status: Int32, out: String, err: String) {
        let result = try cli.run(arguments + ["--db", db, "--actor", "mia"])
        return (result.status, result.stdout, result.stderr)
    }

    @Test func eachActionIsACommandAndItsHistoryNamesTheVersions() throws {
        let db = try database()
        #expect(try run(["pay", "#1001"], db) == (0, "#1001 is paid.\n", ""))
        #expect(try run(["pay", "#1001"], db) == (1, "", "orders: #1001: cannot change payment: its payment is already paid\n"))
        #expect(try run(["hold", "#1001"], db) == (0, "#1001 is on hold.\n", ""))
        #expect(try run(["fulfil", "#1001"], db).status == 1, "nothing is sent while on hold")
        #expect(try run(["release", "#1001"], db) == (0, "#1001 is released (unfulfilled).\n", ""))
        #expect(try run(["tag", "#1001", " gift "], db) == (0, "#1001 is tagged gift.\n", ""))
        #expect(try run(["untag", "#1001", "gift"], db) == (0, "#1001 is not tagged gift.\n", ""))
        #expect(try run(["tag", "#1001", "  "], db) == (2, "", "orders: the tag is empty\n"))
        #expect(try run(["assign", "#1001", "ana"], db) == (0, "#1001 is assigned to ana.\n", ""))
        #expect(try run(["assign", "#1001"], db) == (0, "#1001 is assigned to nobody.\n", ""))
        #expect(try run(["cancel", "#1001", "--reason", "customer asked"], db) == (0, "#1001 is cancelled.\n", ""))
        #expect(try history("#1001", db) == [
            "v2 mia payment: pending → paid",
            "v3 mia fulfillment: unfulfilled → on_hold",
            "v4 mia fulfillment: on_hold → unfulfilled",
            "v5 mia tags: - → gift",
            "v6 mia tags: gift → -",
            "v7 mia assignee: - → ana",
            "v8 mia assignee: ana → -",
            "v9 mia status: processing → cancelled",
            "v9 mia cancel_reason: - → customer asked",
        ])

        // Undo takes back the cancellation (version 9), then the unassignment (8), each a new version.
        #expect(try run(["undo", "#1001"], db) == (0, "Undone on #1001: now processing (version 10).\n", ""))
        #expect(try run(["undo", "#1001"], db) == (0, "Undone on #1001: now processing (version 11).\n", ""))
        #expect(try history("#1001", db).suffix(5) == [
            "v10 mia undo: - → version 9",
            "v10 mia status: cancelled → processing (undo)",
            "v10 mia cancel_reason: customer asked → -",
            "v11 mia undo: - → version 8",
            "v11 mia assignee: - → ana",
        ])
        #expect(try run(["undo", "#1001", "9"], db) == (1, "", "orders: #1001: cannot undo: version 9 was undone already\n"))
        #expect(try run(["undo", "#1001", "x"], db).status == 2)
    }

    @Test func closeAndReopenLeaveThePaymentAndTheLinesAsTheyAreAndUndoLikeAnyChange() throws {
        let db = try database()
        // #1002 is paid with 7 of 10 pens sent: closed, it shows completed, its lines and payment as they were.
        #expect(try run(["close", "#1002"], db) == (0, "#1002 is closed (completed).\n", ""))
        let shown = try cli.run(["show", "#1002", "--format", "json", "--db", db])
        let order = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(order["status"] as? String == "completed")
        #expect(order["payment_status"] as? String == "paid")
        #expect(order["fulfillment_status"] as? String == "partially_fulfilled")
        #expect((order["items"] as? [[String: Any]])?.map { $0["fulfilled_quantity"] as? Int } == [7])
        #expect(try run(["reopen", "#1002"], db) == (0, "#1002 is open (processing).\n", ""))
        #expect(try run(["reopen", "#1002"], db) == (0, "#1002 is open (processing).\n", ""), "an open order: nothing to change")
        #expect(try run(["close", "#1002"], db) == (0, "#1002 is closed (completed).\n", ""))
        #expect(try run(["undo", "#1002"], db) == (0, "Undone on #1002: now processing (version 5).\n", ""))
        #expect(try history("#1002", db) == [
            "v2 mia closed: false → true",
            "v3 mia closed: true → false",
            "v4 mia closed: false → true",
            "v5 mia undo: - → version 4",
            "v5 mia status: completed → processing (undo)",
            "v5 mia closed: true → false (undo)",
        ])
    }

    @Test func aMoveToShippedAndItsUndoPutBackTheSevenUnitsSent() throws {
        let db = try database()
        #expect(try run(["set-status", "#1002", "shipped"], db) == (0, "#1002 is now shipped.\n", ""))
        #expect(try run(["undo", "#1002"], db) == (0, "Undone on #1002: now processing (version 3).\n", ""))
        let shown = try cli.run(["show", "#1002", "--db", db]).stdout
        #expect(shown.contains("  PN-GEL-12       Gel pens                                  10 × 16.00 EUR = 160.00 EUR  (7 sent)\n"))
        #expect(try history("#1002", db) == [
            "v2 mia status: processing → shipped",
            "v2 mia fulfilled_lines: - → 3 × PN-GEL-12",
            "v3 mia undo: - → version 2",
            "v3 mia status: shipped → processing (undo)",
            "v3 mia fulfilled_lines: 3 × PN-GEL-12 → -",
            "v3 mia fulfillment: fulfilled → partially_fulfilled (undo)",
        ])
        let text = try cli.run(["history", "#1002", "--db", db]).stdout.split(separator: "\n").map(String.init)
        #expect(text.first == "#1002  version 3")
        #expect(text.count == 7)
        #expect(text[1].hasPrefix("  v2  ") && text[1].hasSuffix("  mia  status: processing → shipped"))
        #expect(try run(["undo", "#1002"], db) == (1, "", "orders: #1002: cannot undo: it has no change to take back\n"))
    }
}
