import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// Migration 7's stored tally (`order_tally`, kept by the orders' triggers): the counts and sums
/// per status and currency that the server-served list shows while nothing is searched are read
/// from it, not by a scan, and must equal a count of the orders after every kind of write.
@Suite("PostgreSQL stored tally: the list's counts without a scan (real server)")
struct PostgresTallyTests {
    static let orders = DemoDataGenerator(seed: 7, now: OrderFixtures.now).orders(count: 120)

    /// The tally the orders give, computed here in Swift from their index rows.
    static func tally(of orders: [Order]) -> ListTally {
        var tally = ListTally()
        for order in orders {
            let row = OrderIndexRow(order)
            tally.countsByStatus[row.status, default: 0] += 1
            tally.totalsByStatus[row.status, default: [:]][row.reportingCurrency.code, default: 0] += row.reportingTotal
        }
        return tally
    }

    /// Every order in the store, read back whole.
    static func storedOrders(_ store: PostgresOrderStore) async throws -> [Order] {
        var orders: [Order] = []
        for try await batch in store.scanAll(batchSize: 500) { orders += batch }
        return orders
    }

    /// A query every order matches that still has a filter, so the store answers it with its scan.
    static let everyOrderScanned = OrderQuery(filters: [OrderFilter(.text(""))])

    @Test("after inserts, status changes, replacements and deletes the stored tally is the orders' own")
    func followsEveryWrite() async throws {
        let store = try PostgresOrderStore(connectionString: try PostgresTestServer.shared.get().makeDatabase())
        #expect(try await store.listTally(matching: OrderQuery()) == ListTally())
        try await store.insert(Self.orders)
        #expect(try await store.listTally(matching: OrderQuery()) == Self.tally(of: Self.orders))

        // Status changes (completed → refunded) move orders between groups (a total stays with its order).
        let refunded = Self.orders.dropLast(5).filter { $0.status == .completed }.prefix(10)
        for order in refunded {
            _ = try await store.update(order.id, expectedVersion: order.version, mutations: [.setStatus(.refunded)], actor: "ana")
        }
        // An import replaces orders in one statement (a delete and an insert), here with other statuses.
        var replaced = Array(Self.orders.suffix(5))
        for index in replaced.indices { replaced[index].status = replaced[index].status == .completed ? .pending : .completed }
        try await store.upsert(replaced, actor: "ana")

        let stored = try await Self.storedOrders(store)
        #expect(stored.count == 120)
        #expect(refunded.count == 10)
        #expect(stored.filter { $0.status == .refunded }.count
            == Self.orders.dropLast(5).filter { $0.status == .refunded }.count + refunded.count)
        let expected = Self.tally(of: stored)
        #expect(try await store.listTally(matching: OrderQuery()) == expected)
        #expect(try await store.listTally(matching: Self.everyOrderScanned) == expected)
        #expect(try await store.countsByStatus(matching: OrderQuery()) == expected.countsByStatus)
        #expect(try await store.orders(matching: OrderQuery(), page: PageRequest(limit: 1)).totalCount == 120)
    }

    @Test("folding the appended rows keeps every count and sum, one row per status and currency")
    func foldingKeepsTheCounts() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: connectionString)
        for order in Self.orders.prefix(40) { try await store.insert([order]) }
        let connection = try PostgresConnection(connectionString: connectionString)
        let groups = "SELECT count(DISTINCT (status, currency)) FROM order_tally"
        #expect(try connection.execute("SELECT count(*) FROM order_tally").scalar.flatMap { Int($0) } ?? 0 >= 40)
        let expected = Self.tally(of: Array(Self.orders.prefix(40)))
        #expect(try await store.listTally(matching: OrderQuery()) == expected)

        try await store.database.foldTally()
        #expect(try connection.execute("SELECT count(*) FROM order_tally").scalar == connection.execute(groups).scalar)
        #expect(try await store.listTally(matching: OrderQuery()) == expected)
        // Writes after a fold append again, on top of the folded rows.
        try await store.insert(Array(Self.orders[40..<60]))
        #expect(try await store.listTally(matching: OrderQuery()) == Self.tally(of: Array(Self.orders.prefix(60))))
    }

    @Test("a read that finds more than the fold limit of rows folds them")
    func longTallyIsFoldedByAReader() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: connectionString)
        try await store.insert(Array(Self.orders.prefix(3)))
        let connection = try PostgresConnection(connectionString: connectionString)
        // Rows as many single-order writes leave them: +1 and −1 of one order, over and over.
        try connection.executeScript("""
            INSERT INTO order_tally SELECT 0, 'EUR', 1 - 2 * (n % 2), 0 FROM generate_series(0, \(PostgresOrderDatabase.tallyFoldRows + 1)) AS n
            """)
        let expected = Self.tally(of: Array(Self.orders.prefix(3)))
        #expect(try await store.listTally(matching: OrderQuery()) == expected)
        #expect(try connection.execute("SELECT count(*) FROM order_tally").scalar
            == connection.execute("SELECT count(DISTINCT (status, currency)) FROM order_tally").scalar)
        #expect(try await store.listTally(matching: OrderQuery()) == expected)
    }

    @Test("migration 7 counts the orders a database already holds")
    func theMigrationCountsExistingOrders() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let connection = try PostgresConnection(connectionString: connectionString)
        try connection.executeScript("CREATE TABLE orders_schema (version integer NOT NULL)")
        for migration in PostgresSchema.migrations.prefix(6) { try connection.executeScript(migration) }
        try connection.executeScript("""
            INSERT INTO orders_schema (version) VALUES (6);
            INSERT INTO orders (id, number, source, customer, email, country, currency, discount_minor, shipping_minor,
                tax_minor, created_ms, updated_ms, status, payment, fulfillment, closed, flagged, assignee, version, total_e4,
                item_count, customer_key, search_key, country_key, tags_key, assignee_key, shop_currency)
            VALUES (40, '#1001', 'shopify', 'Ida Holm', 'ida@example.dk', 'DK', 'DKK', 0, 0, 0, 1790000000000,
                1790000000000, 1, 'paid', 'unfulfilled', false, false, NULL, 3, 14000000, 1, 'ida holm', '#1001 ida holm', 'DK', '', NULL, NULL),
              (41, '#1002', 'woo', 'Bo Berg', 'bo@example.se', 'SE', 'SEK', 0, 0, 0, 1790000000000,
                1790000000000, 0, 'pending', 'unfulfilled', false, false, NULL, 1, 5000000, 1, 'bo berg', '#1002 bo berg', 'SE', '', NULL, 'EUR'),
              (42, '#1003', 'woo', 'Al Ek', 'al@example.se', 'SE', 'SEK', 0, 0, 0, 1790000000000,
                1790000000000, 0, 'pending', 'unfulfilled', false, false, NULL, 1, 2500, 1, 'al ek', '#1003 al ek', 'SE', '', NULL, 'EUR');
            """)
        let store = try PostgresOrderStore(connectionString: connectionString)
        #expect(try connection.execute("SELECT version FROM orders_schema").scalar == String(PostgresSchema.currentVersion))
        let tally = try await store.listTally(matching: OrderQuery())
        #expect(tally == ListTally(countsByStatus: [.processing: 1, .pending: 2],
                                   totalsByStatus: [.processing: ["DKK": 1400], .pending: ["EUR": Decimal(string: "500.25")!]]))
    }
}
