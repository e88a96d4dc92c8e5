import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// A PostgreSQL database at migration 5 with orders is brought to migration 6 with the saved views
/// seeded once, every order as it was, and a deleted seeded view not seeded again.
@Suite("PostgreSQL migration 6: saved views (real server)")
struct PostgresMigrationSixTests {
    @Test func theDefaultViewsAreSeededOnceAndNoOrderChanges() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let connection = try PostgresConnection(connectionString: connectionString)
        try connection.executeScript("CREATE TABLE orders_schema (version integer NOT NULL)")
        for migration in PostgresSchema.migrations.prefix(5) { try connection.executeScript(migration) }
        try connection.executeScript("""
            INSERT INTO orders_schema (version) VALUES (5);
            INSERT INTO orders (id, number, source, customer, email, country, currency, discount_minor, shipping_minor,
                tax_minor, created_ms, updated_ms, status, payment, fulfillment, closed, flagged, assignee, version, total_e4,
                item_count, customer_key, search_key, country_key, tags_key, assignee_key)
            VALUES (40, '#1001', 'shopify', 'Ida Holm', 'ida@example.dk', 'DK', 'DKK', 0, 0, 0, 1790000000000,
                1790000000000, 1, 'paid', 'unfulfilled', false, false, 'alice', 3, 14000000, 1, 'ida holm', '#1001 ida holm', 'DK', '', 'alice'),
              (41, '#1002', 'woo', 'Bo Berg', 'bo@example.se', 'SE', 'SEK', 0, 0, 0, 1790000000000,
                1790000000000, 0, 'pending', 'unfulfilled', false, true, NULL, 1, 5000000, 1, 'bo berg', '#1002 bo berg', 'SE', '', NULL);
            INSERT INTO line_items VALUES (40, 0, 'LAMP-2', 'Lamp', 1, 140000, 0), (41, 0, 'MUG-1', 'Mug', 1, 50000, 0);
            """)
        let rowsQuery = "SELECT id, number, source, customer, status, payment, fulfillment, assignee, version, total_e4 FROM orders ORDER BY id"
        let rowsBefore = try connection.execute(rowsQuery).rows
        let migrationStarted = Date()
        let store = try PostgresOrderStore(connectionString: connectionString)
        let migrationEnded = Date()
        #expect(try connection.execute("SELECT version FROM orders_schema").scalar == String(PostgresSchema.currentVersion))
        #expect(try connection.execute(rowsQuery).rows == rowsBefore)
        let views = try await store.savedViews()
        #expect(views.map { "\($0.name) | \($0.query) | \($0.sort) | \($0.updatedBy)" }
            == DefaultViews.definitions.map { "\($0.name) | \($0.query) | \($0.sort) | orders" })
        // Seeded by the migration, at the server's clock (this machine's); a second either side for rounding.
        let seededAt = try #require(views.first?.createdAt)
        #expect(seededAt >= migrationStarted.addingTimeInterval(-1) && seededAt <= migrationEnded.addingTimeInterval(1),
                "\(seededAt) not within \(migrationStarted)…\(migrationEnded)")
        // "Mine" for alice is her order still to ship, through the server's own evaluation.
        let mine = try SearchQueryParser.parse(views[3].query, now: Date(), calendar: .current, actor: "alice")
        #expect(try await store.orders(matching: OrderQuery(filters: mine), page: PageRequest(limit: 10)).orders.map(\.number) == ["#1001"])

        try await store.deleteView("Mine")
        let reopened = try PostgresOrderStore(connectionString: connectionString)
        #expect(try await reopened.savedViews().map(\.name) == ["To fulfil", "Unpaid > 3 days", "High risk"])
    }
}
