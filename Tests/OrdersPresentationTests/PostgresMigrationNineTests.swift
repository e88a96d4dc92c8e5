import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// PostgreSQL's migration 9, as SQLite's schema 9: `line_items.line_total_minor`, NULL for every line
/// written before (each was unit price × quantity), so no order changes; then stated totals are kept.
@Suite("PostgreSQL migration 9: a line's stated total (real server)")
struct PostgresMigrationNineTests {
    @Test func aMigrationEightDatabaseKeepsEveryOrderAndThenTakesStatedLineTotals() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        // A database as migration 8 left it: the same tables without the new column.
        let eight = try PostgresOrderStore(connectionString: connectionString)
        var plain = StatedLineTotalTests.expectedFromREST
        plain.items = [LineItem(sku: "COAST-4", title: "Coaster set", quantity: 2, unitPrice: 5)]
        plain.statedTotal = nil
        plain.number = "800"
        plain.id = OrderID.provisional(for: OrderReference(source: "woocommerce", number: "800"))
        try await eight.insert([ShopFixtures.richOrder(), plain])
        let before = try await eight.orders(matching: OrderQuery(), page: PageRequest(limit: 10)).orders
        #expect(before.count == 2)
        let connection = try PostgresConnection(connectionString: connectionString)
        try connection.executeScript("DROP TABLE shop_import_digests; ALTER TABLE audit_log DROP COLUMN source; ALTER TABLE line_items DROP COLUMN line_total_minor; DROP TABLE shops; DROP TABLE rules; DROP TABLE shop_facts; UPDATE orders_schema SET version = 8")

        let store = try PostgresOrderStore(connectionString: connectionString)
        #expect(try connection.execute("SELECT version FROM orders_schema").scalar == String(PostgresSchema.currentVersion))
        #expect(try await store.orders(matching: OrderQuery(), page: PageRequest(limit: 10)).orders == before)
        #expect(try connection.execute("SELECT count(*) FROM line_items WHERE line_total_minor IS NULL").scalar == "3")

        try await store.insert([StatedLineTotalTests.expectedFromREST])
        let stated = try #require(try await store.orders(numbered: OrderReference(source: "woocommerce", number: "801")).first)
        #expect(stated.items == StatedLineTotalTests.lines)
        #expect(try connection.execute("SELECT line_total_minor FROM line_items WHERE line_total_minor IS NOT NULL").scalar == "2498")
    }
}
