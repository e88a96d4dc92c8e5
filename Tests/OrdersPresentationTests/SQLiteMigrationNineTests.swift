import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Schema 9 adds `line_items.line_total_minor`, a line's stated total (`LineItem+StatedTotal.swift`).
/// Every line written before was unit price × quantity, so the column starts NULL and no order changes.
@Suite("SQLite migration 9: a line's stated total")
struct SQLiteMigrationNineTests {
    @Test func aSchemaEightDatabaseKeepsEveryOrderAndThenTakesStatedLineTotals() async throws {
        let directory = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("eight.db").path
        // A database as schema 8 left it: the same tables without the new column, holding a rich order
        // (refunds, partly sent lines, another currency) and a plain one.
        let eight = try SQLiteOrderStore(path: path)
        var plain = StatedLineTotalTests.expectedFromREST
        plain.items = [LineItem(sku: "COAST-4", title: "Coaster set", quantity: 2, unitPrice: 5)]
        plain.statedTotal = nil
        plain.number = "800"
        plain.id = OrderID.provisional(for: OrderReference(source: "woocommerce", number: "800"))
        try await eight.insert([ShopFixtures.richOrder(), plain])
        let before = try await eight.orders(matching: OrderQuery(), page: PageRequest(limit: 10)).orders
        #expect(before.count == 2)
        let connection = try SQLiteConnection(path: path, create: false)
        // Without what schemas 9 to 15 added.
        try connection.execute("DROP TABLE shop_import_digests; ALTER TABLE audit_log DROP COLUMN source; ALTER TABLE line_items DROP COLUMN line_total_minor; DROP TABLE shops; DROP TABLE rules; DROP TABLE shop_facts; PRAGMA user_version = 8")
        connection.close()

        let store = try SQLiteOrderStore(path: path)
        #expect(try await store.orders(matching: OrderQuery(), page: PageRequest(limit: 10)).orders == before)
        let after = try SQLiteConnection(path: path, create: false, readOnly: true)
        defer { after.close() }
        #expect(try after.integer("PRAGMA user_version") == Int64(SQLiteSchema.currentVersion))
        #expect(try after.integer("SELECT count(*) FROM line_items WHERE line_total_minor IS NULL") == 3)

        try await store.insert([StatedLineTotalTests.expectedFromREST])
        let stated = try #require(try await store.orders(numbered: OrderReference(source: "woocommerce", number: "801")).first)
        #expect(stated.items == StatedLineTotalTests.lines)
        #expect(try after.integer("SELECT line_total_minor FROM line_items WHERE line_total_minor IS NOT NULL") == 2498)
    }
}
