import Foundation
import TerminalTestSupport
import Testing

/// Due times in a real terminal: a config with a promise, `overdue` typed in the search, exactly the
/// overdue orders listed and counted in the status bar.
@Suite("orders app: due times against the promise")
struct AppDueEndToEndTests {
    @Test("overdue in the search lists exactly the overdue orders, and the status bar counts them")
    func overdueSearch() throws {
        let app = try AppFixture(config: #"{"fulfilmentPromise": {"within": "2d", "timeZone": "UTC"}}"#)
        defer { app.stop() }
        // Four orders beside the fixture's twelve (all from September, so every one still to ship is
        // late): 13 unpaid for an hour, 14 paid five days ago, 15 created three days ago but paid an
        // hour ago (the clock starts at payment), 16 sent.
        let now = Date()
        let formatter = ISO8601DateFormatter()
        func time(hoursAgo: Double) -> String { formatter.string(from: now.addingTimeInterval(-hoursAgo * 3_600)) }
        let extra = [
            (13, "pending", time(hoursAgo: 1), "null"),
            (14, "processing", time(hoursAgo: 144), "\"\(time(hoursAgo: 120))\""),
            (15, "processing", time(hoursAgo: 72), "\"\(time(hoursAgo: 1))\""),
            (16, "shipped", time(hoursAgo: 120), "\"\(time(hoursAgo: 119))\""),
        ].map { number, status, created, paid in
            """
            {"id": "\(AppFixture.id(number))", "customer": "Due \(number)", "email": "d\(number)@example.com", "country": "DE",
             "currency": "EUR", "status": "\(status)", "created_at": "\(created)", "paid_at": \(paid), "flagged": false,
             "tags": [], "assignee": null, "discount": 0, "shipping": 0, "tax": 0,
             "items": [{"sku": "SKU-\(number)", "title": "Thing", "quantity": 1, "unit_price": 20}]}
            """
        }
        let file = app.binary.path("due.json")
        try Data(("[" + extra.joined(separator: ",\n") + "]").utf8).write(to: URL(fileURLWithPath: file))
        let imported = try app.binary.run(["import", file, "--db", app.database])
        #expect(imported.status == 0, "\(imported.stderr)")

        try app.start(width: 120, height: 30, waitForList: false)
        try app.pane.waitFor(text: "16/16 orders", timeout: 30)
        // The status bar counts the overdue among all sixteen: the fixture's eight still to ship and 14.
        try app.pane.waitFor(text: "9 overdue", timeout: 15)
        try app.pane.send("/")
        try app.pane.send("overdue", literal: true)
        try app.pane.waitFor(text: " 9/16 orders", timeout: 15)
        try app.waitForRows([14, 12, 11, 10, 9, 8, 6, 3, 1].map(AppFixture.id))
        let screen = try app.pane.screen()
        #expect(screen.contains { $0.contains("9 overdue") })
        // Each row says how late it is, after the overdue glyph.
        let late = screen.filter { AppFixture.orderID(in: $0) != nil }
        #expect(late.count == 9 && late.allSatisfy { $0.contains("⚠") && $0.hasSuffix(" late") }, "\(late)")
        // The four added orders but the overdue: due soon, paid an hour ago, and sent.
        try app.pane.send("Escape")
        // Esc clears the search; the next key only after that, or Esc and / arrive as Alt-/.
        try app.pane.waitFor(text: "16/16 orders", timeout: 15)
        try app.pane.send("/")
        try app.pane.send("-overdue due", literal: true)
        try app.pane.waitFor(text: " 3/16 orders", timeout: 15)
        try app.waitForRows([13, 15, 16].map(AppFixture.id))
        #expect(try app.pane.screen().contains { $0.contains("0 overdue") })
    }
}
