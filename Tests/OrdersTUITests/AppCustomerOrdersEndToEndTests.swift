import Foundation
import TerminalTestSupport
import Testing

/// The customer's other orders on the detail screen of the real `orders`, in tmux.
@Suite("orders app: the customer's other orders")
struct AppCustomerOrdersEndToEndTests {
    @Test("an order's detail lists the customer's other order (same email, any case); Enter opens it, Esc comes back")
    func openTheCustomersOtherOrder() throws {
        let app = try AppFixture()
        defer { app.stop() }
        // A second order by Grace Okafor (order 12's customer), her email in capitals, newer than every other.
        let file = app.binary.path("more.json")
        try Data("""
            [{"id": "ORD-0000013", "customer": "Grace Okafor", "email": "C12@EXAMPLE.COM", "country": "DE", "currency": "USD",
              "status": "processing", "created_at": "2026-09-22T04:13:20Z", "flagged": false, "tags": [], "assignee": null,
              "discount": 0, "shipping": 0, "tax": 0, "items": [{"sku": "SKU-13", "title": "Thing", "quantity": 2, "unit_price": 30}]}]
            """.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try app.binary.run(["import", file, "--db", app.database])
        try #require(imported.status == 0, "\(imported.stderr)")
        try app.start(waitForList: false)
        try app.pane.waitFor(text: "13/13 orders", timeout: 30)
        try app.pane.waitForSelection(AppFixture.id(13))
        try app.pane.send("Enter")
        try app.waitForDetail(13, showing: "Other orders by this customer")
        let screen = try app.pane.screen()
        #expect(screen.contains { $0.contains("1 other order · lifetime value US$60.00") }, "\(screen)")
        #expect(screen.contains { $0.contains("› ORD-0000012") && $0.contains("US$1,500.00") && $0.contains("Unpaid/Unsent") },
                "\(screen)")
        try app.pane.send("Enter")
        // Order 12 is unpaid: the lifetime value is still only what order 13 paid.
        try app.waitForDetail(12, showing: "› ORD-0000013")
        #expect(try app.pane.screen().contains { $0.contains("1 other order · lifetime value US$60.00") })
        #expect(try app.pane.screen().contains { $0.contains("US$60.00") && $0.contains("Paid/Unsent") })
        try app.pane.send("Escape")
        try app.waitForDetail(13, showing: "› ORD-0000012")
    }
}
