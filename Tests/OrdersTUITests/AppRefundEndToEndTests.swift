import Foundation
import TerminalTestSupport
import Testing

/// A partial refund on the detail screen of the real `orders`, in tmux, over SQLite.
@Suite("orders app: a partial refund on the detail")
struct AppRefundEndToEndTests {
    @Test("open an order, refund part of it (asked with amount, currency and outstanding), see the refund and the new outstanding; undo: gone")
    func refundAndUndo() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start()
        // Order 8: processing (paid), USD 310.00.
        try app.pane.send(":")
        try app.pane.send("open ORD-0000008", literal: true)
        try app.pane.send("Enter")
        try app.waitForDetail(8, showing: "Total")
        try app.pane.send("$", literal: true)
        try app.pane.send("120.50 arrived late", literal: true)
        try app.pane.send("Enter")
        let asked = try app.pane.waitFor(text: "Refund 120.50 USD on ORD-0000008?")
        #expect(asked.contains { $0.contains("Outstanding after the refund: 189.50 USD of 310.00 USD.") }, "\(asked)")
        try app.pane.send("y")
        let refunded = try app.pane.waitFor("the refund and the new outstanding on the detail") { screen in
            screen.contains { $0.contains("Outstanding") && $0.contains("189.50") }
                && screen.contains { $0.contains("Refunded") && $0.contains("120.50") }
                && screen.contains { $0.contains("arrived late") }
        }
        #expect(!refunded.contains { $0.contains("Refund 120.50 USD on") }, "the dialog closed: \(refunded)")
        try waitForStored(app, refunds: 1, payment: "partially_refunded", outstanding: "189.50")

        try app.pane.send("u")
        try app.pane.waitFor("the refund gone from the detail") { screen in
            !screen.outsideHistory.contains { $0.contains("Outstanding") || $0.contains("arrived late") || $0.contains("Refunded") }
                && screen.contains { $0.contains("Total") && $0.contains("310.00") }
        }
        try waitForStored(app, refunds: 0, payment: "paid", outstanding: "310.00")
    }

    /// Waits until the database holds the refunds, payment and outstanding (writes happen in the background).
    private func waitForStored(_ app: AppFixture, refunds: Int, payment: String, outstanding: String) throws {
        try waitUntil("order 8 stored", equals: "\(refunds) refunds, payment \(payment), outstanding \(outstanding)") {
            let order = try app.stored(8)
            let count = (order["refunds"] as? [Any])?.count ?? -1
            return "\(count) refunds, payment \(order["payment_status"] ?? "?"), outstanding \(order["outstanding"] ?? "?")"
        }
    }
}
