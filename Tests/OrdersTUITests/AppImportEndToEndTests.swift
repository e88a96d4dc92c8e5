import Foundation
import TerminalTestSupport
import Testing

/// `:import FILE` in the real `orders` app in tmux: a Shopify export comes in from the palette,
/// the summary says what happened, and the list shows the orders by their shop numbers.
@Suite("orders app: :import FILE")
struct AppImportEndToEndTests {
    @Test(":import of a Shopify export: the summary, then the orders in the list by their shop numbers")
    func importsAShopifyExport() throws {
        let app = try AppFixture()
        defer { app.stop() }
        let file = app.binary.path("orders_export.csv")
        try ShopifyExportFixture.export().write(toFile: file, atomically: true, encoding: .utf8)
        try app.start()
        try app.pane.send(":")
        // Under load the palette may open after the text arrives: type once it is up.
        try app.pane.waitFor(text: ":command, e.g.", timeout: 30)
        try app.pane.send("import \(file)", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "orders_export.csv: Shopify CSV, 2 orders: 2 new, 0 updated, 0 unchanged.", timeout: 30)
        #expect(try app.pane.screen().contains { $0.contains("Imported orders_export.csv") })
        try app.pane.send("Enter")
        // The summary closes on Enter; the list, live, holds the two new orders by their shop numbers.
        try app.pane.waitFor("the list with #1001 and #1002, the summary closed", timeout: 30) { screen in
            screen.contains { $0.contains("14/14 orders") }
                && screen.contains { $0.contains("#1001") && $0.contains("Ann Lee") }
                && screen.contains { $0.contains("#1002") && $0.contains("Bo Berg") }
                && !screen.contains { $0.contains("Imported orders_export.csv") }
        }

        // The same file again changes nothing and says so.
        try app.pane.send(":")
        // Under load the palette may open after the text arrives: type once it is up.
        try app.pane.waitFor(text: ":command, e.g.", timeout: 30)
        try app.pane.send("import \(file)", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "2 orders: 0 new, 0 updated, 2 unchanged.", timeout: 30)
        try app.pane.send("Escape")
        try app.pane.waitFor("the summary closed", timeout: 15) { screen in
            !screen.contains { $0.contains("unchanged") } && screen.contains { $0.contains("14/14 orders") }
        }
    }
}
