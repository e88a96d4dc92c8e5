import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A schema-5 database opens in schema 6 with the quantity sent per line: every unit of every line
/// of a fulfilled (or returned) order, none of any other order's lines; nothing else changes.
@Suite("SQLite migration from schema 5")
struct SQLiteMigrationSixTests {
    /// Schema 4's orders moved through migration 5, then: order 41 (¥) sent with a second line,
    /// order 40 (on hold) returned, order 12 (processing) partially fulfilled by the shop's word.
    static func makeSchemaFiveDatabase(at path: String) throws {
        try SQLiteMigrationFiveTests.makeSchemaFourDatabase(at: path)
        let connection = try SQLiteConnection(path: path, create: false)
        // The shop search keys migration 5 leaves to Swift are not derived here: they need today's
        // schema, and the migration to it derives them (nothing here searches by them).
        try connection.execute(SQLiteSchema.migrations[4])
        try connection.execute("""
            INSERT INTO line_items VALUES (41, 1, '', 'Gift wrap', 2, 500);
            UPDATE orders SET fulfillment = 'fulfilled', status = 2 WHERE id = 41;
            UPDATE orders SET fulfillment = 'returned', status = 2 WHERE id = 40;
            UPDATE orders SET fulfillment = 'partially_fulfilled' WHERE id = 12;
            PRAGMA user_version = 5;
            """)
    }

    @Test func fulfilledOrdersHaveEveryUnitSentAndOthersNone() async throws {
        let directory = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("five.db").path
        try Self.makeSchemaFiveDatabase(at: path)
        let before = try SQLiteConnection(path: path, create: false)
        var rowsBefore: [String] = []
        try before.statement("SELECT order_id, position, sku, title, quantity, unit_price_minor FROM line_items ORDER BY order_id, position")
            .forEachRow { rowsBefore.append("\($0.int(0)) \($0.int(1)) \($0.text(2)) \($0.text(3)) \($0.int(4)) \($0.int64(5))") }

        let store = try SQLiteOrderStore(path: path)
        let stored = try await store.orders(matching: .all, page: PageRequest(limit: 100)).orders
        let sent = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0.items.map(\.fulfilledQuantity)) })
        #expect(sent == [OrderID(-5): [0], OrderID(12): [0], OrderID(40): [1], OrderID(41): [1, 2]])
        let shipped = try #require(stored.first { $0.id == OrderID(41) })
        #expect(shipped.items == [LineItem(sku: "TEA-9", title: "Sencha", quantity: 1, unitPrice: 15000, fulfilledQuantity: 1),
                                  LineItem(sku: "", title: "Gift wrap", quantity: 2, unitPrice: 500, fulfilledQuantity: 2)])
        #expect((shipped.fulfillment, shipped.status, shipped.version) == (.fulfilled, .shipped, 1))
        #expect(stored.first { $0.id == OrderID(12) }?.fulfillment == .partiallyFulfilled, "the status is kept as it was")

        // Every row kept as it was, only with the new column beside it.
        var rowsAfter: [String] = []
        let after = try SQLiteConnection(path: path, create: false)
        try after.statement("SELECT order_id, position, sku, title, quantity, unit_price_minor FROM line_items ORDER BY order_id, position")
            .forEachRow { rowsAfter.append("\($0.int(0)) \($0.int(1)) \($0.text(2)) \($0.text(3)) \($0.int(4)) \($0.int64(5))") }
        #expect(rowsAfter == rowsBefore)
        // Migrated to today's schema (7 added the saved views: `SQLiteMigrationSevenTests`).
        #expect(try after.integer("PRAGMA user_version") == Int64(SQLiteSchema.currentVersion))

        // The new column takes a shipment and keeps it.
        let partly = try await store.update(OrderID(12), expectedVersion: 3,
                                            mutations: [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)], trackingNumber: "TRK-1"))],
                                            actor: "mia")
        #expect(partly.items.map(\.fulfilledQuantity) == [1])
        #expect(try await SQLiteOrderStore(path: path).order(OrderID(12)) == partly)
    }
}
