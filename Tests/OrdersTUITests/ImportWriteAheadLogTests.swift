import Foundation
import OrdersCore
import OrdersInterchange
import TerminalTestSupport
import Testing

/// A big import does not leave its write-ahead log behind. When `orders import` is the only
/// process on the database, SQLite empties the log as the last connection closes anyway; with
/// another process holding the database open (the app, a second operator) it would not, and the
/// log would keep every page the import wrote. So the import checkpoints and truncates it itself.
@Suite("orders CLI: the write-ahead log after a big import")
final class ImportWriteAheadLogTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    private func logSize(_ db: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0
    }

    @Test func aBigImportTruncatesTheLogWhileAnotherProcessHasTheDatabaseOpen() throws {
        let db = cli.path("shop.db")
        #expect(try cli.run(["demo", "--count", "10", "--db", db]).status == 0)
        // Another connection, open and idle (no transaction), as the app's is between reads.
        let other = try SQLiteShell.hold(db, "SELECT count(*) FROM orders;")
        defer { other.release() }
        // 1,000 orders: more than the 500 (`SQLiteOrderDatabase.maxListedChanges`) that make a write big.
        let file = cli.path("orders_export.csv")
        try ShopifyExportGenerator(seed: 9).write(count: 1_000, to: file)
        let imported = try cli.run(["import", file, "--db", db])
        #expect(imported.stdout.components(separatedBy: "\n").first
                    == "orders_export.csv: Shopify CSV, 1000 orders: 1000 new, 0 updated, 0 unchanged.", "\(imported.stderr)")
        #expect(imported.status == 0)
        // Without the checkpoint the log would hold the import's pages: megabytes.
        #expect(FileManager.default.fileExists(atPath: db + "-wal"), "the other connection keeps the log file")
        #expect(logSize(db) == 0)
        #expect(try SQLiteShell.run(db, "SELECT count(*) FROM orders;") == "1010\n")
    }
}
