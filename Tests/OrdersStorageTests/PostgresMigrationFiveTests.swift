import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// A PostgreSQL database at migration 4 (SQLite's schema 5) is brought to migration 5 with the
/// quantity sent per line: every unit of a fulfilled or returned order, none of any other.
@Suite("PostgreSQL migration 5: the quantity sent per line (real server)")
struct PostgresMigrationFiveTests {
    @Test func fulfilledOrdersHaveEveryUnitSentAndOthersNone() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let connection = try PostgresConnection(connectionString: connectionString)
        try connection.executeScript("CREATE TABLE orders_schema (version integer NOT NULL)")
        for migration in PostgresSchema.migrations.prefix(4) { try connection.executeScript(migration) }
        try connection.executeScript("""
            INSERT INTO orders_schema (version) VALUES (4);
            INSERT INTO orders (id, number, source, customer, email, country, currency, discount_minor, shipping_minor,
                tax_minor, created_ms, updated_ms, status, payment, fulfillment, closed, flagged, version, total_e4,
                item_count, customer_key, search_key, country_key, tags_key)
            VALUES (40, '#1001', 'shopify', 'Ida Holm', 'ida@example.dk', 'DK', 'DKK', 0, 0, 0, 1790000000000,
                1790000000000, 2, 'paid', 'fulfilled', false, false, 3, 14000000, 3, 'ida holm', '#1001 ida holm', 'DK', ''),
              (41, '#1002', 'shopify', 'Ida Holm', 'ida@example.dk', 'DK', 'DKK', 0, 0, 0, 1790000000000,
                1790000000000, 1, 'paid', 'partially_fulfilled', false, false, 1, 5000000, 1, 'ida holm', '#1002 ida holm', 'DK', ''),
              (42, '#1003', 'woo', 'Ida Holm', 'ida@example.dk', 'DK', 'DKK', 0, 0, 0, 1790000000000,
                1790000000000, 2, 'paid', 'returned', false, false, 1, 5000000, 1, 'ida holm', '#1003 ida holm', 'DK', '');
            INSERT INTO line_items VALUES (40, 0, 'LAMP-2', 'Lamp', 1, 90000), (40, 1, '', 'Gift wrap', 2, 25000),
                (41, 0, 'MUG-1', 'Mug', 1, 50000), (42, 0, 'MUG-1', 'Mug', 1, 50000);
            """)
        let store = try PostgresOrderStore(connectionString: connectionString)
        // Migrated to today's schema (6 added the saved views: `PostgresMigrationSixTests`).
        #expect(try connection.execute("SELECT version FROM orders_schema").scalar == String(PostgresSchema.currentVersion))
        let stored = try await store.orders(matching: .all, page: PageRequest(limit: 100)).orders
        let sent = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0.items.map(\.fulfilledQuantity)) })
        #expect(sent == [OrderID(40): [1, 2], OrderID(41): [0], OrderID(42): [1]])
        let first = try #require(stored.first { $0.id == OrderID(40) })
        #expect(first.items == [LineItem(sku: "LAMP-2", title: "Lamp", quantity: 1, unitPrice: 900, fulfilledQuantity: 1),
                                LineItem(sku: "", title: "Gift wrap", quantity: 2, unitPrice: 250, fulfilledQuantity: 2)])
        #expect((first.fulfillment, first.version) == (.fulfilled, 3))
        #expect(stored.first { $0.id == OrderID(41) }?.fulfillment == .partiallyFulfilled, "the status is kept as it was")

        let partly = try await store.update(OrderID(41), expectedVersion: 1,
                                            mutations: [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)], trackingNumber: "TRK-1"))],
                                            actor: "mia")
        #expect((partly.items.map(\.fulfilledQuantity), partly.fulfillment, partly.trackingNumbers) == ([1], .fulfilled, ["TRK-1"]))
        #expect(try await PostgresOrderStore(connectionString: connectionString).order(OrderID(41)) == partly)
    }
}
