import Foundation
import OrdersCore
import OrdersPresentation
import OrdersStorage
import TerminalTestSupport
import Testing

/// `orders import` keeps the list's index file beside the database current: after the app has
/// written the file and quit, an import from the command line brings the file up to its own
/// change before it ends, so the next launch opens the file with nothing left to fetch.
@Suite("orders CLI: the index file after an import")
struct IndexFileAfterImportEndToEndTests {
    @Test func anImportLeavesTheIndexFileCurrent() async throws {
        let app = try AppFixture()
        defer { app.stop() }
        let indexPath = app.database + ".index"
        try app.start()
        // The app writes the file in the background once its list is built.
        _ = try app.pane.waitFor("the index file beside the database", timeout: 30) { _ in
            FileManager.default.fileExists(atPath: indexPath)
        }
        try app.pane.send("q")
        #expect(try app.pane.waitForExit(timeout: 15) == 0)

        let file = app.binary.path("orders_export.csv")
        try ShopifyExportFixture.export().write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try app.binary.run(["import", file, "--db", app.database])
        #expect(imported.stdout == "orders_export.csv: Shopify CSV, 2 orders: 2 new, 0 updated, 0 unchanged.\n")
        #expect(imported.stderr == "")
        #expect(imported.status == 0)
        // Without the refresh the two new orders would still have to be patched in: `.patched(changedOrders: 2)`.
        #expect(try await IndexFileUpkeep.refresh(after: SQLiteOrderStore(path: app.database)) == .current)
    }
}
