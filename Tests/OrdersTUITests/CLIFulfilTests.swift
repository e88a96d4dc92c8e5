import Foundation
import OrdersCore
import Testing

/// `orders fulfil` on the real binary: chosen lines by SKU or position with a tracking number, every
/// remaining line without --line, and each refusal in its exact words, nothing changed.
@Suite("orders fulfil")
final class CLIFulfilTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// One paid Shopify order: 2 mugs (MUG-1), a lamp (LAMP-2) and a gift card without a SKU.
    func paidOrderDatabase() throws -> String {
        let file = cli.path("order.json")
        try """
        [{"id": "#1001", "source": "shopify", "customer": "Aoife Wood", "email": "aoife@example.ie", "country": "IE",
          "currency": "EUR", "status": "processing", "payment_status": "paid", "fulfillment_status": "unfulfilled",
          "created_at": "2026-03-01T09:30:00Z",
          "items": [{"sku": "MUG-1", "title": "Mug", "quantity": 2, "unit_price": 45.05},
                    {"sku": "LAMP-2", "title": "Lamp", "quantity": 1, "unit_price": 299.00},
                    {"sku": "", "title": "Gift card", "quantity": 1, "unit_price": 10.00}]},
         {"id": "#1002", "source": "shopify", "customer": "Aoife Wood", "email": "aoife@example.ie", "country": "IE",
          "currency": "EUR", "status": "cancelled", "payment_status": "voided", "cancelled_at": "2026-03-02T09:30:00Z",
          "created_at": "2026-03-01T09:30:00Z", "items": [{"sku": "MUG-1", "title": "Mug", "quantity": 1, "unit_price": 45.05}]}]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let db = cli.path("shop.db")
        let imported = try cli.run(["import", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        return db
    }

    func items(_ db: String) throws -> [[String: String]] {
        let json = try cli.run(["show", "#1001", "--db", db, "--format", "json"]).stdout
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let items = object?["items"] as? [[String: Any]] ?? []
        return items.map { ["sku": "\($0["sku"] ?? "")", "fulfilled_quantity": "\($0["fulfilled_quantity"] ?? "")"] }
    }

    @Test func chosenLinesWithTrackingThenTheRestThenRefusals() throws {
        let db = try paidOrderDatabase()
        let chosen = try cli.run(["fulfil", "#1001", "--line", "MUG-1:1", "--line", "#3:1", "--tracking", "1Z999AA1",
                                  "--db", db, "--actor", "mia"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stdout == "Fulfilled 1 × MUG-1, 1 × line 3; tracking 1Z999AA1 on #1001; 2 of 4 units sent, fulfillment partially_fulfilled.\n")
        #expect(try items(db) == [["sku": "MUG-1", "fulfilled_quantity": "1"], ["sku": "LAMP-2", "fulfilled_quantity": "0"],
                                  ["sku": "", "fulfilled_quantity": "1"]])
        let shown = try cli.run(["show", "#1001", "--db", db]).stdout
        #expect(shown.contains("  MUG-1           Mug                                       2 × 45.05 EUR = 90.10 EUR  (1 sent)\n"))
        #expect(shown.contains("mia  fulfilled_lines: — → 1 × MUG-1, 1 × line 3; tracking 1Z999AA1\n"))
        #expect(shown.contains("mia  fulfillment: unfulfilled → partially_fulfilled\n"))

        let tooMany = try cli.run(["fulfil", "#1001", "--line", "MUG-1:2", "--db", db])
        #expect(tooMany.status == 1)
        #expect(tooMany.errorLines == ["orders: #1001: cannot fulfil: 2 × MUG-1 cannot be sent: 2 bought, 1 already sent, so at most 1"])
        let unknown = try cli.run(["fulfil", "#1001", "--line", "SOCK-3:1", "--db", db])
        #expect(unknown.status == 1)
        #expect(unknown.errorLines == ["orders: #1001 has no line with the SKU \"SOCK-3\" (it has MUG-1, LAMP-2, #3)"])
        let noLine = try cli.run(["fulfil", "#1001", "--line", "#4:1", "--db", db])
        #expect(noLine.errorLines == ["orders: #1001 has no line #4 (it has 3)"])
        // The smallest Int as a position is refused, not a trap in `position - 1`.
        let lowest = try cli.run(["fulfil", "#1001", "--line", "#-9223372036854775808:1", "--db", db])
        #expect(lowest.errorLines == ["orders: #1001 has no line #-9223372036854775808 (it has 3)"])
        let badLine = try cli.run(["fulfil", "#1001", "--line", "MUG-1", "--db", db])
        #expect(badLine.status == 2)
        #expect(badLine.errorLines == ["orders: --line takes SKU:QUANTITY (or #N:QUANTITY) with a quantity of at least 1, such as MUG-1:2; got \"MUG-1\""])
        let cancelled = try cli.run(["fulfil", "#1002", "--db", db])
        #expect(cancelled.status == 1)
        #expect(cancelled.errorLines == ["orders: #1002: cannot fulfil: it is cancelled"])

        let rest = try cli.run(["fulfil", "#1001", "--db", db, "--actor", "mia"])
        #expect(rest.status == 0, "\(rest.stderr)")
        #expect(rest.stdout == "Fulfilled 1 × MUG-1, 1 × LAMP-2 on #1001; 4 of 4 units sent, fulfillment fulfilled.\n")
        #expect(try items(db).map { $0["fulfilled_quantity"] } == ["2", "1", "1"])
        let again = try cli.run(["fulfil", "#1001", "--db", db])
        #expect(again.status == 1)
        #expect(again.errorLines == ["orders: #1001: cannot fulfil: every line is already sent"])
    }
}
