import Foundation
import OrdersCore
import Testing

/// `orders refund` on the real binary: by lines and quantities, by amount, refused beyond what was
/// paid or bought, each refund a record the order shows with its balance and history.
@Suite("orders refund")
final class CLIRefundTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// A database holding one paid Shopify order of €403.70: 2 mugs at 45.05, a lamp at 299.00, shipping 14.60.
    func paidOrderDatabase() throws -> String {
        let file = cli.path("order.json")
        try """
        [{"id": "#1001", "source": "shopify", "customer": "Aoife Wood", "email": "aoife@example.ie", "country": "IE",
          "currency": "EUR", "status": "processing", "payment_status": "paid", "fulfillment_status": "unfulfilled",
          "created_at": "2026-03-01T09:30:00Z", "shipping": 14.60,
          "items": [{"sku": "MUG-1", "title": "Mug", "quantity": 2, "unit_price": 45.05},
                    {"sku": "LAMP-2", "title": "Lamp", "quantity": 1, "unit_price": 299.00}]}]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let db = cli.path("shop.db")
        let imported = try cli.run(["import", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        return db
    }

    /// The text of `orders show` with the times of this run (refunds, the last update) as `NOW`.
    func shown(_ db: String) throws -> String {
        let text = try cli.run(["show", "#1001", "--db", db]).stdout
        let stamp = try Regex(#"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"#)
        return text.replacing(stamp) { match in
            text[match.range].hasPrefix("2026-03-01T09:30") ? String(text[match.range]) : "NOW"
        }
    }

    @Test func partialRefundsByLineAndByAmountThenRefusals() throws {
        let db = try paidOrderDatabase()
        let byLine = try cli.run(["refund", "#1001", "--line", "MUG-1:1", "--shipping", "4.60", "--reason", "chipped",
                                  "--restock", "--db", db, "--actor", "mia"])
        #expect(byLine.status == 0, "\(byLine.stderr)")
        #expect(byLine.stdout == "Refunded 49.65 EUR on #1001 (R1); 49.65 of 403.70 EUR given back, payment partially_refunded.\n")

        let byAmount = try cli.run(["refund", "#1001", "--amount", "189.00", "--reason", "late delivery", "--db", db, "--actor", "mia"])
        #expect(byAmount.stdout == "Refunded 189.00 EUR on #1001 (R2); 238.65 of 403.70 EUR given back, payment partially_refunded.\n")

        let tooMuch = try cli.run(["refund", "#1001", "--amount", "165.06", "--db", db])
        #expect(tooMuch.status == 1)
        #expect(tooMuch.errorLines == ["orders: #1001: cannot refund: 165.06 EUR is more than was paid and not yet given back (165.05 of 403.70 EUR)"])
        let tooMany = try cli.run(["refund", "#1001", "--line", "MUG-1:2", "--db", db])
        #expect(tooMany.status == 1)
        #expect(tooMany.errorLines == ["orders: #1001: cannot refund: 2 × MUG-1 cannot come back: 2 bought, 1 already returned, so at most 1"])
        let unknown = try cli.run(["refund", "#1001", "--line", "SOCK-3:1", "--db", db])
        #expect(unknown.errorLines == ["orders: #1001 has no line with the SKU \"SOCK-3\" (it has MUG-1, LAMP-2)"])
        let nothing = try cli.run(["refund", "#1001", "--db", db])
        #expect(nothing.status == 2)
        #expect(nothing.errorLines == ["orders: name an --amount, at least one --line, or both"])

        #expect(try shown(db) == """
            #1001  processing
            Customer:  Aoife Wood <aoife@example.ie>
            Country:   IE
            Created:   2026-03-01T09:30:00.000Z
            Updated:   NOW  (version 3)
            Assignee:  —
            Tags:      —

            Items:
              MUG-1           Mug                                       2 × 45.05 EUR = 90.10 EUR
              LAMP-2          Lamp                                      1 × 299.00 EUR = 299.00 EUR

            Subtotal:  389.10 EUR
            Discount:  0.00 EUR
            Shipping:  14.60 EUR
            Tax:       0.00 EUR
            Total:     403.70 EUR
            Refunded:  238.65 EUR
            Balance:   165.05 EUR

            Refunds:
              R1  NOW  49.65 EUR  1 × MUG-1, shipping 4.60, restocked  (chipped)
              R2  NOW  189.00 EUR  (late delivery)

            History:
              NOW  mia  refunds: — → R1 49.65 EUR: 1 × line 1, shipping 4.60, restocked (chipped)
              NOW  mia  payment: paid → partially_refunded
              NOW  mia  refunds: — → R2 189.00 EUR (late delivery)

            """)

        let rest = try cli.run(["refund", "#1001", "--amount", "165.05", "--db", db])
        #expect(rest.stdout == "Refunded 165.05 EUR on #1001 (R3); 403.70 of 403.70 EUR given back, payment refunded.\n")
        #expect(try cli.run(["list", "--db", db, "--status", "refunded", "--format", "csv"]).stdout.contains("\r\n#1001,"))
    }
}
