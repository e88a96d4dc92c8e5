import Foundation
import TerminalTestSupport
import Testing

/// Refunding one unit of one line of a two-line order on the detail screen of the real `orders`, in tmux, over SQLite.
@Suite("orders app: refund chosen lines on the detail")
struct AppRefundLinesEndToEndTests {
    @Test("open an order with two lines, refund one mug with a reason: asked with amount and outstanding, the refund and the balance on the detail and in the database; undo: gone")
    func refundOneUnitAndUndo() throws {
        let app = try AppFixture()
        defer { app.stop() }
        let file = app.binary.path("two-lines.json")
        try """
        [{"id": "ORD-0000013", "customer": "Ida Holm", "email": "ida@example.dk", "country": "DK", "currency": "EUR",
          "status": "processing", "created_at": "2026-09-22T09:30:00Z", "shipping": "4.90",
          "items": [{"sku": "LAMP-2", "title": "Lamp", "quantity": 1, "unit_price": "299.00"},
                    {"sku": "MUG-1", "title": "Mug", "quantity": 2, "unit_price": "45.05"}]}]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try app.binary.run(["import", file, "--db", app.database])
        #expect(imported.status == 0, "\(imported.stderr)")
        try app.start(waitForList: false)
        try app.pane.waitFor(text: "13/13 orders", timeout: 30)
        try app.pane.send(":")
        try app.pane.send("open ORD-0000013", literal: true)
        try app.pane.send("Enter")
        try app.waitForDetail(13, showing: "MUG-1")

        try app.pane.send("%", literal: true)
        let chooser = try app.pane.waitFor(text: "Refund lines of ORD-0000013")
        #expect(chooser.contains { $0.contains("LAMP-2") && $0.contains("skip") }, "\(chooser)")
        #expect(chooser.contains { $0.contains("MUG-1") && $0.contains("skip") }, "\(chooser)")
        #expect(chooser.contains { $0.contains("Shipping 4.90 EUR: kept   Restock: no") }, "\(chooser)")
        // One mug: the second line, one unit more, then the reason typed.
        try app.pane.send("Down")
        try app.pane.send("Right")
        try app.pane.waitFor("one mug chosen") { $0.contains { $0.contains("MUG-1") && $0.contains("1 of 2") } }
        try app.pane.send("chipped", literal: true)
        try app.pane.waitFor(text: "1 unit of 1 line chosen: 45.05 EUR")
        try app.pane.send("Enter")
        let asked = try app.pane.waitFor(text: "Refund 45.05 EUR on ORD-0000013?")
        // The message wraps in the dialog: each part on some line.
        for part in ["Gives back 1 × MUG-1.", "348.95 EUR", "394.00 EUR"] {
            #expect(asked.contains { $0.contains(part) }, "\(part): \(asked)")
        }
        try app.pane.send("y")
        let refunded = try app.pane.waitFor("the refund and the new outstanding on the detail") { screen in
            screen.contains { $0.contains("Outstanding") && $0.contains("348.95") }
                && screen.contains { $0.contains("Refunded") && $0.contains("45.05") }
                && screen.contains { $0.contains("chipped") }
        }
        #expect(!refunded.contains { $0.contains("Refund 45.05 EUR on") || $0.contains("Refund lines of") }, "the dialogs closed: \(refunded)")
        try waitForStored(app, "1 refunds [R1 45.05 chipped [2 MUG-1 ×1] shipping 0.00 restock false], payment partially_refunded, outstanding 348.95")

        try app.pane.send("u")
        try app.pane.waitFor("the refund gone from the detail") { screen in
            !screen.outsideHistory.contains { $0.contains("Outstanding") || $0.contains("chipped") || $0.contains("Refunded") }
                && screen.contains { $0.contains("Total") && $0.contains("394.00") }
        }
        try waitForStored(app, "0 refunds [], payment paid, outstanding 394.00")
    }

    /// Waits until the database, read with `orders show --format json`, holds the refunds, payment and outstanding.
    private func waitForStored(_ app: AppFixture, _ expected: String) throws {
        try waitUntil("order 13 stored", equals: expected) {
            let order = try app.stored(13)
            let refunds = (order["refunds"] as? [[String: Any]] ?? []).map { refund in
                let lines = (refund["lines"] as? [[String: Any]] ?? []).map { "\($0["line"] ?? "?") \($0["sku"] ?? "?") ×\($0["quantity"] ?? "?")" }
                let restock = (refund["restock"] as? Bool).map { "\($0)" } ?? "?"
                return "\(refund["id"] ?? "?") \(refund["amount"] ?? "?") \(refund["reason"] ?? "?") [\(lines.joined(separator: ", "))] "
                    + "shipping \(refund["shipping"] ?? "?") restock \(restock)"
            }
            return "\(refunds.count) refunds [\(refunds.joined(separator: "; "))], payment \(order["payment_status"] ?? "?"), "
                + "outstanding \(order["outstanding"] ?? "?")"
        }
    }
}
