import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// A load into an empty PostgreSQL database (`orders demo`, `orders copy`) drops the order tables'
/// secondary indexes and builds them once before it commits (`PostgresOrderDatabase+DeferredIndexes`):
/// afterwards every index is back exactly as the migrations made it, the tables are analysed, and a
/// load that fails leaves the indexes as they were. A copy that replaces orders keeps them all along.
@Suite("PostgreSQL: a load into empty tables builds its indexes at the end (real server)")
struct PostgresDeferredIndexesTests {
    /// Every index on the order tables, by name, with its definition.
    static func indexes(_ url: String) throws -> [[String?]] {
        let connection = try PostgresConnection(connectionString: url)
        return try connection.execute("""
            SELECT indexname, indexdef FROM pg_indexes
            WHERE tablename = ANY($1::text[]) ORDER BY indexname
            """, [PostgresArray.literal(texts: PostgresOrderDatabase.orderDataTables)]).rows
    }

    static func orders(_ count: Int) -> [Order] {
        DemoDataGenerator(seed: 11, now: OrderFixtures.now).orders(count: count)
    }

    /// Three batches through the load's transaction, as `orders demo` sends them.
    static func load(_ orders: [Order], into store: PostgresOrderStore, replacing: Bool = false,
                     failingAfter batches: Int? = nil) async throws {
        try await store.receiveAll(replacing: replacing) { write in
            for (number, start) in stride(from: 0, to: orders.count, by: 40).enumerated() {
                if number == batches { throw CancellationError() }
                try await write(OrderTransferBatch(orders: Array(orders[start..<min(start + 40, orders.count)]), audit: []))
            }
        }
    }

    @Test("after a load into an empty database every index is back as migrated, and the tables are analysed")
    func indexesComeBackAfterALoad() async throws {
        let server = try PostgresTestServer.shared.get()
        let reference = try server.makeDatabase(), loaded = try server.makeDatabase()
        let untouched = try PostgresOrderStore(connectionString: reference)
        let store = try PostgresOrderStore(connectionString: loaded)
        let migrated = try Self.indexes(loaded)
        #expect(migrated == (try Self.indexes(reference)))
        // The plain lookups are among them, the trigram index included (the test server has pg_trgm).
        #expect(migrated.contains { $0.first == "orders_by_created" })
        #expect(migrated.contains { $0.first == "orders_search_trigrams" })
        try await Self.load(Self.orders(100), into: store)
        #expect(try Self.indexes(loaded) == migrated)
        let connection = try PostgresConnection(connectionString: loaded)
        #expect(try connection.execute("SELECT count(*) FROM orders").scalar == "100")
        #expect(try connection.execute("""
            SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NULL AND relname = ANY($1::text[]) ORDER BY 1
            """, [PostgresArray.literal(texts: PostgresOrderDatabase.orderDataTables)]).rows == [])
        // The rebuilt indexes answer as indexes kept row by row do: the same orders inserted into the
        // reference database give the same pages for a trigram search, a customer search and sorts.
        try await untouched.insert(Self.orders(100))
        let queries = [
            OrderQuery(filters: [OrderFilter(.text("ana"))]),
            OrderQuery(filters: [OrderFilter(.customer("ma"))], sort: OrderSort(.customer, ascending: true)),
            OrderQuery(filters: [OrderFilter(.totalAbove(50))], sort: OrderSort(.total, ascending: false)),
        ]
        for query in queries {
            let page = try await store.orders(matching: query, page: PageRequest(limit: 30))
            let expected = try await untouched.orders(matching: query, page: PageRequest(limit: 30))
            #expect(page.orders.map(\.id) == expected.orders.map(\.id))
            #expect(page.totalCount == expected.totalCount)
            #expect(page.totalCount > 0)
        }
        await store.close()
        await untouched.close()
    }

    @Test("a load that fails leaves no orders and every index as it was")
    func aFailedLoadKeepsTheIndexes() async throws {
        let url = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: url)
        let migrated = try Self.indexes(url)
        await #expect(throws: CancellationError.self) {
            try await Self.load(Self.orders(100), into: store, failingAfter: 2)
        }
        #expect(try Self.indexes(url) == migrated)
        #expect(try PostgresConnection(connectionString: url).execute("SELECT count(*) FROM orders").scalar == "0")
        // The store goes on working: the same load again succeeds.
        try await Self.load(Self.orders(100), into: store)
        #expect(try Self.indexes(url) == migrated)
        await store.close()
    }

    @Test("a copy that replaces orders keeps the indexes all along, so other operators' reads go on")
    func replacingKeepsTheIndexes() async throws {
        let url = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: url)
        try await store.insert(Self.orders(10))
        let migrated = try Self.indexes(url)
        var sawIndexesDuringTheLoad: [[String?]] = []
        try await store.receiveAll(replacing: true) { write in
            try await write(OrderTransferBatch(orders: Self.orders(50), audit: []))
            // Another connection reads the catalogue and the orders while the copy is open: not blocked,
            // the old orders still there.
            let reader = try PostgresConnection(connectionString: url)
            sawIndexesDuringTheLoad = try Self.indexes(url)
            #expect(try reader.execute("SELECT count(*) FROM orders").scalar == "10")
        }
        #expect(sawIndexesDuringTheLoad == migrated)
        #expect(try Self.indexes(url) == migrated)
        #expect(try PostgresConnection(connectionString: url).execute("SELECT count(*) FROM orders").scalar == "50")
        await store.close()
    }
}
