import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// The builder's SQL still lets PostgreSQL answer through the indexes it was written for: a search
/// of three or more characters through the `pg_trgm` GIN index, and a keyset page through the
/// sort's (column, id) index from the cursor on. With sequential scans off the planner takes an
/// index whenever the condition lets it, so the plan names the index and the condition it answers.
@Suite("SQL built once: PostgreSQL's plans use the trigram and sort indexes (real server)")
struct SQLOrderQueryPlanTests {
    /// The plan's lines that read an index: which index, and the condition it answers.
    static func indexLines(_ query: OrderQuery, after cursor: PageCursor? = nil, on url: String) throws -> [String] {
        var keys = SearchKeys()
        var sql = SQLOrderQuery(query, dialect: .postgresql, keys: &keys)
        if let cursor { sql.restrict(after: cursor, sort: query.sort) }
        let connection = try PostgresConnection(connectionString: url)
        try connection.executeScript("SET enable_seqscan = off")
        // A search as it is counted (no order, no limit), so only its own condition can pick the index;
        // a keyset page as it is read.
        let select = cursor == nil ? "SELECT count(*) FROM orders WHERE \(sql.whereClause)"
            : "SELECT id FROM orders WHERE \(sql.whereClause) ORDER BY \(sql.orderBy) LIMIT \(sql.bind(.int(50)))"
        let plan = try connection.execute("EXPLAIN (COSTS OFF) " + select, sql.postgresParameters)
        return plan.rows.compactMap { $0.first ?? nil }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.contains("Index") }
    }

    @Test("a search by trigram index; a keyset page by the sort's index from the cursor")
    func plans() async throws {
        let url = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: url)
        try await store.insert(DemoDataGenerator(seed: 5, now: OrderFixtures.now).orders(count: 200))
        await store.close()

        #expect(try Self.indexLines(OrderQuery(filters: [OrderFilter(.text("Lima"))]), on: url).filter { $0.contains("trigrams") } == [
            "->  Bitmap Index Scan on orders_search_trigrams",
        ])
        let cursor = PageCursor(id: OrderID(100), createdAt: Date(millisecondsSince1970: 1_700_000_000_000), customerKey: "ana",
                                total: 10, statusRank: 1, itemCount: 1, hasDueTime: false, dueClockStart: .distantPast)
        let lines = try Self.indexLines(OrderQuery(), after: cursor, on: url)
        // Newest first: the (created_ms, id) index from the cursor's date on (scanned backwards or as a
        // bitmap, as the planner likes on the day: "Bitmap Index Scan on orders_by_created" or "Index Only
        // Scan Backward using orders_by_created on orders"), never filtered from the newest order down.
        #expect(lines.first.map { $0.contains("on orders_by_created") || $0.contains("using orders_by_created ") } == true, "\(lines)")
        #expect(lines.last == "Index Cond: (created_ms <= '1700000000000'::bigint)", "\(lines)")
    }
}
