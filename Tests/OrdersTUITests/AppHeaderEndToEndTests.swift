import Foundation
import TerminalTestSupport
import Testing

/// The header of the real binary on its first run: the default database named by its path (the
/// home folder as `~`) and "demo data" beside it, until an import brings orders of the user's own.
@Suite("orders app: the header on the first run")
struct AppHeaderEndToEndTests {
    @Test("the first run says demo data beside the database's path; after an import it no longer does")
    func firstRunSaysDemoData() throws {
        let binary = try OrdersBinary()
        let environment = ["TERM": "tmux-256color", "HOME": binary.home.path, "XDG_DATA_HOME": binary.path("data"),
                           "LANG": "C.UTF-8"]
        let command = TmuxPane.reportingExit(TmuxPane.quote(OrdersBinary.url.path))
        let first = TmuxPane()
        try first.start(command, width: 80, height: 24, environment: environment)
        // 5,000 demo orders seeded on the default path, under $XDG_DATA_HOME inside $HOME.
        let seeded = "orders ~/data/orders/orders.db demo data" + String(repeating: " ", count: 24) + "5000/5000 orders"
        let screen = try first.waitFor("the header of the first run with every demo order counted", timeout: 60) {
            $0.first == seeded
        }
        #expect(screen[1].hasPrefix(" All 5000 "))
        try first.send("q")
        #expect(try first.waitForExit() == 0)

        // One order of the user's own, imported into the same database.
        let file = binary.path("mine.json")
        try Data("""
            [{"id": "#1001", "customer": "Ana Lima", "email": "ana@example.com", "country": "DE", "currency": "EUR",
              "status": "pending", "created_at": "2026-09-21T10:00:00Z", "flagged": false, "tags": [], "assignee": null,
              "discount": 0, "shipping": 0, "tax": 0,
              "items": [{"sku": "SKU-1", "title": "Thing", "quantity": 1, "unit_price": 20}]}]
            """.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try binary.run(["import", file, "--db", binary.path("data/orders/orders.db")])
        #expect(imported.status == 0, "\(imported.stderr)")

        let second = TmuxPane()
        try second.start(command, width: 80, height: 24, environment: environment)
        let own = "orders ~/data/orders/orders.db" + String(repeating: " ", count: 34) + "5001/5001 orders"
        try second.waitFor("the header without demo data once the user's own order is there", timeout: 60) { $0.first == own }
        try second.send("q")
        #expect(try second.waitForExit() == 0)
    }
}
