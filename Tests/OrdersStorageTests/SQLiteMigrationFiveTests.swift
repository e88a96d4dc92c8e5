import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A schema-4 database opens in schema 5 with the keys of the shop's search terms derived for every
/// order, the ones migration 5's SQL computes and the ones `SQLiteSchema.deriveShopSearchKeys` does
/// (a refund, an address with accents, a shop currency): each term then finds exactly what the
/// reference finds among the stored orders.
@Suite("SQLite migration from schema 4")
struct SQLiteMigrationFiveTests {
    /// Schema 3's orders moved through migration 4, then given what only schema 4 can hold: order 40
    /// a refund of DKK 100.00, a shipping address in København and a customer key; order 12 a
    /// discount code; order 41 paid in yen, reported in dollars, with the same email as order 12 in capitals.
    static func makeSchemaFourDatabase(at path: String) throws {
        try SQLiteMigrationFourTests.makeSchemaThreeDatabase(at: path)
        let connection = try SQLiteConnection(path: path, create: false)
        try connection.execute(SQLiteSchema.migrations[3])
        try connection.execute("""
            INSERT INTO refunds VALUES (40, 0, 'R1', 1790000000000, 'dented', 10000, 0, 0);
            INSERT INTO addresses VALUES (40, 'shipping', 'Ida Holm', NULL, 'Nørregade 1', 'København', '1165', NULL, 'DK', NULL);
            UPDATE orders SET customer_ref = 'cust-9', risk = 'high', paid_ms = 1790000100000 WHERE id = 40;
            INSERT INTO discount_codes VALUES (12, 0, 'Welcome', 500);
            INSERT INTO orders (id, customer, email, country, currency, discount_minor, shipping_minor, tax_minor,
                created_ms, updated_ms, status, flagged, assignee, version, total_e4, item_count, customer_key,
                search_key, country_key, assignee_key, tags_key, number, source, shop_id, payment, fulfillment,
                closed, shop_currency, shop_total_minor, exchange_rate)
            VALUES (41, 'Aoife Wood', 'AOIFE@example.ie', 'JP', 'JPY', 0, 0, 0, 1790000000000, 1790000000000,
                1, 0, NULL, 1, 990000, 1, 'aoife wood', '#77 aoife wood aoife@example.ie', 'JP', NULL, '', '#77', 'shopify',
                NULL, 'paid', 'unfulfilled', 0, 'USD', 9900, '0.0066');
            INSERT INTO line_items VALUES (41, 0, 'TEA-9', 'Sencha', 1, 15000);
            PRAGMA user_version = 4;
            """)
    }

    static let queries = [
        "refunded", "-refunded", "outstanding>1018.99 outstanding<1019.01", "outstanding<1019", "outstanding>14999", "outstanding<15000.01",
        "city:kobenhavn", "city:KØBENHAVN", "postcode:116", "risk:high", "-risk:high", "code:welcome", "code:WELCOME",
        "customer-orders>1", "customer-orders<2", "age>1d", "age<1d", "since:1d",
    ]

    @Test func everyTermFindsWhatTheReferenceFinds() async throws {
        let directory = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("four.db").path
        try Self.makeSchemaFourDatabase(at: path)
        let store = try SQLiteOrderStore(path: path)
        let stored = try await store.orders(matching: .all, page: PageRequest(limit: 100)).orders
        #expect(stored.first { $0.id == OrderID(40) }?.paidAt == Date(millisecondsSince1970: 1_790_000_100_000))
        #expect(stored.map(\.id).sorted() == [OrderID(-5), OrderID(12), OrderID(40), OrderID(41)])
        let now = SQLiteMigrationTests.created.addingTimeInterval(86_400 + 60)
        let expected: [String: [OrderID]] = [
            "refunded": [OrderID(40)], "outstanding>1018.99 outstanding<1019.01": [OrderID(40)], "city:KØBENHAVN": [OrderID(40)],
            "code:WELCOME": [OrderID(12)], "customer-orders>1": [OrderID(12), OrderID(41)], "risk:high": [OrderID(40)],
            "outstanding>14999": [OrderID(-5), OrderID(41)], "age<1d": [OrderID(40)],
        ]
        for text in Self.queries {
            let filters = try SearchQueryParser.parse(text, now: now, calendar: OrderFixtures.utcCalendar)
            let query = OrderQuery(filters: filters, sort: OrderSort(.id, ascending: true))
            let found = try await store.orders(matching: query, page: PageRequest(limit: 100)).orders.map(\.id)
            #expect(found == query.filter(stored).map(\.id).sorted(), "\(text)")
            if let ids = expected[text] { #expect(found == ids, "\(text)") }
        }
        #expect(try SQLiteConnection(path: path, create: false).integer("PRAGMA user_version") == Int64(SQLiteSchema.currentVersion))
    }
}
