import Foundation
import TerminalTestSupport
import Testing

/// Fulfilling one line of a two-line order on the detail screen of the real `orders`, in tmux, over SQLite.
@Suite("orders app: fulfil chosen lines on the detail")
struct AppFulfilLinesEndToEndTests {
    @Test("open an order with two lines, send one with a tracking number: partially fulfilled, the line's units sent and the tracking number shown; undo: gone")
    func fulfilOneLineAndUndo() throws {
        let app = try AppFixture()
        defer { app.stop() }
        let file = app.binary.path("two-lines.json")
        try """
        [{"id": "ORD-0000013", "customer": "Ida Holm", "email": "ida@example.dk", "country": "DK", "currency": "EUR",
          "status": "processing", "created_at": "2026-09-22T09:30:00Z",
          "items": [{"sku": "LAMP-2", "title": "Lamp", "quantity": 1, "unit_price": 299.00},
                    {"sku": "MUG-1", "title": "Mug", "quantity": 2, "unit_price": 45.05}]}]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try app.binary.run(["import", file, "--db", app.database])
        #expect(imported.status == 0, "\(imported.stderr)")
        try app.start(waitForList: false)
        try app.pane.waitFor(text: "13/13 orders", timeout: 30)
        try app.pane.send(":")
        try app.pane.send("open ORD-0000013", literal: true)
        try app.pane.send("Enter")
        try app.waitForDetail(13, showing: "MUG-1")

        try app.pane.send("d", literal: true)
        let chooser = try app.pane.waitFor(text: "Fulfil lines of ORD-0000013")
        #expect(chooser.contains { $0.contains("LAMP-2") && $0.contains("1 of 1") }, "\(chooser)")
        #expect(chooser.contains { $0.contains("MUG-1") && $0.contains("2 of 2") }, "\(chooser)")
        // Only the lamp: the mugs skipped, then the tracking number typed.
        try app.pane.send("Down")
        try app.pane.send("C-x")
        try app.pane.waitFor("the mugs skipped") { $0.contains { $0.contains("MUG-1") && $0.contains("skip") } }
        try app.pane.send("1Z999AA1", literal: true)
        try app.pane.waitFor(text: "1Z999AA1")
        try app.pane.send("Enter")
        let sent = try app.pane.waitFor("partially fulfilled, the lamp sent, the tracking number") { screen in
            screen.contains { $0.contains("partially fulfilled") }
                && screen.contains { $0.contains("Sent") }
                && screen.contains { $0.contains("LAMP-2") && $0.contains(" 1 ") }
                && screen.contains { $0.contains("MUG-1") && $0.contains(" 0 ") }
                && screen.contains { $0.contains("1Z999AA1") }
        }
        #expect(!sent.contains { $0.contains("Fulfil lines of") }, "the chooser closed: \(sent)")
        try waitForStored(app, fulfilment: "partially_fulfilled", sent: [1, 0], tracking: ["1Z999AA1"])

        try app.pane.send("u")
        try app.pane.waitFor("the shipment gone from the detail") { screen in
            screen.contains { $0.contains("unfulfilled") }
                && !screen.outsideHistory.contains { $0.contains("1Z999AA1") || $0.contains("partially fulfilled") || $0.contains("Sent") }
        }
        try waitForStored(app, fulfilment: "unfulfilled", sent: [0, 0], tracking: [])
    }

    /// Waits until the database holds the fulfilment, units sent per line and tracking numbers.
    private func waitForStored(_ app: AppFixture, fulfilment: String, sent: [Int], tracking: [String]) throws {
        try waitUntil("order 13 stored", equals: "\(fulfilment) \(sent) \(tracking)") {
            let order = try app.stored(13)
            let items = (order["items"] as? [[String: Any]] ?? []).map { $0["fulfilled_quantity"] as? Int ?? -1 }
            return "\(order["fulfillment_status"] ?? "?") \(items) \(order["tracking_numbers"] as? [String] ?? ["?"])"
        }
    }
}
