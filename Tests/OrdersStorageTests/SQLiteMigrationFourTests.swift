import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A schema-3 database (numbers, payment and fulfilment apart) opens in schema 4 with everything
/// in it, its money unchanged, and takes the new money and refunds.
@Suite("SQLite migration from schema 3")
struct SQLiteMigrationFourTests {
    static let created = SQLiteMigrationTests.created

    /// Schema 1's two orders moved through migrations 2 and 3, plus a Shopify order only schema 3
    /// can hold (a verbatim number, partly refunded, on hold, with the shop's own status word).
    static func makeSchemaThreeDatabase(at path: String) throws {
        try SQLiteMigrationTests.makeSchemaOneDatabase(at: path)
        let connection = try SQLiteConnection(path: path, create: false)
        try connection.execute(SQLiteSchema.migrations[1])
        try connection.execute(SQLiteSchema.migrations[2])
        try connection.execute("""
            INSERT INTO orders (id, customer, email, country, currency, discount_minor, shipping_minor, tax_minor,
                created_ms, updated_ms, status, flagged, assignee, version, total_e4, item_count, customer_key,
                search_key, country_key, assignee_key, tags_key, number, source, shop_id, payment, fulfillment,
                cancelled_ms, cancel_reason, closed, source_status)
            VALUES (40, 'Ida Holm', 'ida@example.dk', 'DK', 'DKK', 0, 3900, 18000, 1790000000000, 1790000000000,
                1, 0, NULL, 4, 11190000, 1, 'ida holm', '#1001 ida holm', 'DK', NULL, '', '#1001', 'shopify',
                '5512345678901', 'partially_refunded', 'on_hold', NULL, NULL, 0, 'on-hold');
            INSERT INTO line_items VALUES (40, 0, 'LAMP-2', 'Lamp', 1, 90000);
            PRAGMA user_version = 3;
            """)
    }

    @Test func everyOrderSurvivesWithItsMoneyAndTakesRefunds() async throws {
        let directory = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("three.db").path
        try Self.makeSchemaThreeDatabase(at: path)
        let store = try SQLiteOrderStore(path: path)

        var shop = Order(
            id: OrderID(40), number: "#1001", source: "shopify", shopOrderID: "5512345678901", customerName: "Ida Holm",
            email: "ida@example.dk", country: "DK", currency: Currency.named("DKK")!,  // in the ISO table
            items: [LineItem(sku: "LAMP-2", title: "Lamp", quantity: 1, unitPrice: 900)], shipping: 39, tax: 180,
            createdAt: Self.created, version: 4)
        shop.payment = .partiallyRefunded
        shop.fulfillment = .onHold
        shop.sourceStatus = "on-hold"
        #expect(try await store.order(OrderID(40)) == shop)
        #expect(shop.total == 1119)
        #expect((shop.taxesIncluded, shop.discountCodes, shop.adjustments, shop.statedTotal, shop.refunds) == (false, [], [], nil, []))
        let first = try #require(try await store.order(OrderID(12)))
        #expect(first.total == Decimal(string: "90.00")!)
        #expect((first.flagged, first.tags, first.notes.map(\.text), first.version) == (true, ["vip", "gift"], ["Wrap it.\nTwice."], 3))
        #expect(try await store.history(of: OrderID(12)).map(\.field) == ["status", "flagged"])
        #expect(try await store.order(OrderID(-5))?.status == .cancelled)

        // Sorting by total is unchanged by the migration: the DKK order's 1119.00 above €89.00 and ¥31,240's key.
        let sorted = try await store.orders(matching: OrderQuery(sort: OrderSort(.total, ascending: true)), page: PageRequest(limit: 10))
        #expect(sorted.orders.map(\.id) == [OrderID(12), OrderID(40), OrderID(-5)])

        let refund = Refund(id: "R1", createdAt: Self.created, reason: "dented", amount: 100, lines: [RefundLine(line: 0, quantity: 1)])
        let updated = try await store.update(OrderID(40), expectedVersion: 4, mutations: [.refund(refund)], actor: "mia")
        #expect(updated.refunds == [refund])
        #expect(try await SQLiteOrderStore(path: path).order(OrderID(40)) == updated)
        var version = 0
        try SQLiteConnection(path: path, create: false).statement("PRAGMA user_version").forEachRow { version = $0.int(0) }
        #expect(version == SQLiteSchema.currentVersion)
    }
}
