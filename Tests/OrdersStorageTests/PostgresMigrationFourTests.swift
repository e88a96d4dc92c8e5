import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// A PostgreSQL database at migration 3 (SQLite's schema 4) is brought to migration 4 with the keys
/// of the shop's search terms derived, the Swift-derived ones too (`deriveShopSearchKeys`): each
/// term then finds exactly what the reference finds among the stored orders.
@Suite("PostgreSQL migration 4: keys of the shop's search terms (real server)")
struct PostgresMigrationFourTests {
    @Test func everyTermFindsWhatTheReferenceFinds() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let connection = try PostgresConnection(connectionString: connectionString)
        try connection.executeScript("CREATE TABLE orders_schema (version integer NOT NULL)")
        for migration in PostgresSchema.migrations.prefix(3) { try connection.executeScript(migration) }
        try connection.executeScript("""
            INSERT INTO orders_schema (version) VALUES (3);
            INSERT INTO orders (id, number, source, customer, email, country, currency, discount_minor, shipping_minor,
                tax_minor, created_ms, updated_ms, status, payment, fulfillment, closed, flagged, version, total_e4,
                item_count, customer_key, search_key, country_key, tags_key, customer_ref, risk, paid_ms)
            VALUES (40, '#1001', 'shopify', 'Ida Holm', 'ida@example.dk', 'DK', 'DKK', 0, 3900, 18000, 1790000000000,
                1790000000000, 1, 'partially_refunded', 'on_hold', false, false, 4, 11190000, 1, 'ida holm',
                '#1001 ida holm ida@example.dk', 'DK', '', 'cust-9', 'high', 1790000100000),
              (41, '#1002', 'shopify', 'Ida Holm', 'IDA@example.dk', 'DK', 'DKK', 0, 0, 0, 1790000000000,
                1790000000000, 0, 'pending', 'unfulfilled', false, false, 1, 5000000, 1, 'ida holm',
                '#1002 ida holm ida@example.dk', 'DK', '', NULL, NULL, NULL),
              (42, '#1003', 'woo', 'Ida Holm', 'ida@example.dk', 'DK', 'DKK', 0, 0, 0, 1790000000000,
                1790000000000, 0, 'pending', 'unfulfilled', false, false, 1, 5000000, 1, 'ida holm',
                '#1003 ida holm ida@example.dk', 'DK', '', NULL, 'low', NULL);
            INSERT INTO line_items VALUES (40, 0, 'LAMP-2', 'Lamp', 1, 90000), (41, 0, 'MUG-1', 'Mug', 1, 50000),
                (42, 0, 'MUG-1', 'Mug', 1, 50000);
            INSERT INTO refunds (order_id, position, refund_id, created_ms, reason, amount_minor, shipping_minor, restock)
                VALUES (40, 0, 'R1', 1790000000000, 'dented', 10000, 0, false);
            INSERT INTO addresses (order_id, kind, name, company, lines, city, postcode, region, country, phone)
                VALUES (40, 'shipping', 'Ida Holm', NULL, 'Nørregade 1', 'København', '1165', NULL, 'DK', NULL);
            INSERT INTO discount_codes (order_id, position, code, amount_minor) VALUES (42, 0, 'Welcome', 0);
            """)
        let store = try PostgresOrderStore(connectionString: connectionString)
        #expect(try connection.execute("SELECT version FROM orders_schema").scalar == String(PostgresSchema.currentVersion))
        let stored = try await store.orders(matching: .all, page: PageRequest(limit: 100)).orders
        let now = Date(timeIntervalSince1970: 1_790_000_000 + 86_460)
        let expected: [String: [OrderID]] = [
            "refunded": [OrderID(40)], "outstanding>1018.99 outstanding<1019.01": [OrderID(40)],
            "city:KØBENHAVN": [OrderID(40)], "postcode:116": [OrderID(40)], "code:WELCOME": [OrderID(42)],
            // 40 and 41 share an email (ASCII case ignored), though 40 also has a key: by key it is a customer apart.
            "customer-orders>1": [OrderID(41), OrderID(42)], "risk:high,low": [OrderID(40), OrderID(42)], "age<1d": [OrderID(40)],
            "-refunded": [OrderID(41), OrderID(42)],
        ]
        for (text, ids) in expected {
            let filters = try SearchQueryParser.parse(text, now: now, calendar: OrderFixtures.utcCalendar)
            let query = OrderQuery(filters: filters, sort: OrderSort(.id, ascending: true))
            let found = try await store.orders(matching: query, page: PageRequest(limit: 100)).orders.map(\.id)
            #expect(found == query.filter(stored).map(\.id).sorted(), "\(text)")
            #expect(found == ids, "\(text)")
        }
    }
}
