import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A rewritten order writes only the child tables whose rows changed (`StoredChildTable.changedRows`,
/// SQLite's `OrderRows.rewrite`): a table whose rows are the same is not touched (no row deleted or
/// inserted, as triggers in the database see it), a changed one is written anew, and the order reads
/// back whole. On an operator's update and on an import's replace, on both databases.
@Suite("Stores: a rewritten order writes only the child tables that changed")
struct RewriteOnlyWhatChangedTests {
    /// Records, in the database itself, every row deleted from or inserted into a child table
    /// (triggers the store's own connection fires), so a test sees which tables a write touched.
    static func watchChildTables(of fixture: StoreFixture) throws {
        switch fixture.kind {
        case .sqlite:
            let connection = try SQLiteConnection(path: path(of: fixture), create: false)
            defer { connection.close() }
            try connection.execute("CREATE TABLE written_children (tbl TEXT NOT NULL, op TEXT NOT NULL)")
            for table in StoredChildTable.allCases {
                for op in ["INSERT", "DELETE"] {
                    try connection.execute("""
                        CREATE TRIGGER watch_\(op.lowercased())_\(table.name) AFTER \(op) ON \(table.name)
                        BEGIN INSERT INTO written_children VALUES ('\(table.name)', '\(op)'); END
                        """)
                }
            }
        case .postgres:
            let connection = try PostgresConnection(connectionString: try #require(fixture.connectionString))
            try connection.executeScript("""
                CREATE TABLE written_children (tbl text NOT NULL, op text NOT NULL);
                CREATE FUNCTION watch_children() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN INSERT INTO written_children VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$;
                """)
            for table in StoredChildTable.allCases {
                _ = try connection.execute("""
                    CREATE TRIGGER watch_\(table.name) AFTER INSERT OR DELETE ON \(table.name)
                    FOR EACH ROW EXECUTE FUNCTION watch_children()
                    """)
            }
        case .memory:
            Issue.record("an in-memory store has no tables")
        }
    }

    /// The child tables written since the last call, each once, with what was done to them.
    static func writtenChildTables(of fixture: StoreFixture) throws -> [String] {
        let select = "SELECT DISTINCT tbl || ' ' || op FROM written_children ORDER BY 1"
        switch fixture.kind {
        case .sqlite:
            let connection = try SQLiteConnection(path: path(of: fixture), create: false)
            defer { connection.close() }
            var written: [String] = []
            try connection.statement(select).forEachRow { written.append($0.text(0)) }
            try connection.execute("DELETE FROM written_children")
            return written
        case .postgres:
            let connection = try PostgresConnection(connectionString: try #require(fixture.connectionString))
            let written = try connection.execute(select).rows.map { $0[0] ?? "" }
            _ = try connection.execute("DELETE FROM written_children")
            return written
        case .memory:
            return []
        }
    }

    static func path(of fixture: StoreFixture) throws -> String {
        try #require(fixture.directory).appendingPathComponent("orders.db").path
    }

    static func tagged() -> Order {
        var order = OrderFixtures.partlySent(5)
        order.tags = ["vip", "gift"]
        return order
    }

    @Test("a flag changes no child row; a shipment rewrites the lines and the tracking numbers and keeps the tags",
          arguments: [StoreKind.sqlite, .postgres])
    func anUpdateWritesOnlyWhatChanged(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert([Self.tagged()])
        try Self.watchChildTables(of: fixture)

        let flagged = try await fixture.store.update(OrderID(5), expectedVersion: 1, mutations: [.setFlagged(true)], actor: "mia")
        #expect(try Self.writtenChildTables(of: fixture) == [])
        #expect(try await fixture.secondHandle().order(OrderID(5)) == flagged)

        let shipment = Shipment(lines: [ShipmentLine(line: 0, quantity: 2)], trackingNumber: "1Z-SECOND")
        let sent = try await fixture.store.update(OrderID(5), expectedVersion: 2, mutations: [.fulfilLines(shipment)], actor: "mia")
        #expect(try Self.writtenChildTables(of: fixture)
            == ["line_items DELETE", "line_items INSERT", "tracking_numbers DELETE", "tracking_numbers INSERT"])
        #expect(try await fixture.secondHandle().order(OrderID(5)) == sent)
        #expect(sent.items.map(\.fulfilledQuantity) == [3, 1, 0])
        #expect(sent.tags == ["vip", "gift"])
    }

    @Test("an import's replace of an order whose tags did not change keeps their rows and reads back as written",
          arguments: [StoreKind.sqlite, .postgres])
    func aReplaceWritesOnlyWhatChanged(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert([Self.tagged()])
        try Self.watchChildTables(of: fixture)
        var replacement = Self.tagged()
        replacement.items[2].fulfilledQuantity = 2
        replacement.fulfillment = .fulfilled
        try await fixture.store.upsert([replacement], actor: "import", expectedVersions: [OrderID(5): 1], audit: [])
        #expect(try Self.writtenChildTables(of: fixture) == ["line_items DELETE", "line_items INSERT"])
        var expected = replacement
        expected.version = 2
        #expect(try await fixture.secondHandle().order(OrderID(5)) == expected)
        #expect(try await fixture.store.history(of: OrderID(5)).map { [$0.field, $0.oldValue ?? "", $0.newValue ?? ""] }
            == [["order", "version 1", "replaced by import"]])
    }

    @Test("a refund of money alone after one of a line: the first refund's lines stay (PostgreSQL deletes them with their refund)",
          arguments: [StoreKind.sqlite, .postgres])
    func aRefundsLinesAreWrittenWithIt(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert([Self.tagged()])
        let first = try #require(try await fixture.store.order(OrderID(5)))
            .refund(returning: [RefundLine(line: 2, quantity: 1)], at: OrderFixtures.now, reason: "damaged", restock: false)
        let refunded = try await fixture.store.update(OrderID(5), expectedVersion: 1, mutations: [.refund(first)], actor: "mia")
        #expect(refunded.refunds.map(\.lines) == [[RefundLine(line: 2, quantity: 1)]])
        try Self.watchChildTables(of: fixture)

        let second = refunded.refund(returning: [], shipping: 0, amount: 5, at: OrderFixtures.now, reason: "goodwill", restock: false)
        let twice = try await fixture.store.update(OrderID(5), expectedVersion: 2, mutations: [.refund(second)], actor: "mia")
        #expect(twice.refunds.map(\.lines) == [[RefundLine(line: 2, quantity: 1)], []])
        #expect(try await fixture.secondHandle().order(OrderID(5)) == twice)
        #expect(try Self.writtenChildTables(of: fixture)
            == ["refund_lines DELETE", "refund_lines INSERT", "refunds DELETE", "refunds INSERT"])
    }

    @Test("an import's replace that changes an order's number, and a new order taking its old number, in one batch",
          arguments: [StoreKind.sqlite, .postgres])
    func aReplaceThatRenumbersAndANewOrderTakingTheOldNumber(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert([Self.tagged()])
        var renumbered = Self.tagged()
        renumbered.number = "#2005"
        var newcomer = OrderFixtures.partlySent(6)
        newcomer.number = Self.tagged().number
        try await fixture.store.upsert([renumbered, newcomer], actor: "import", expectedVersions: [OrderID(5): 1], audit: [])
        let five = try #require(try await fixture.secondHandle().order(OrderID(5)))
        let six = try #require(try await fixture.secondHandle().order(OrderID(6)))
        #expect((five.number, five.tags, five.version) == ("#2005", ["vip", "gift"], 2))
        #expect((six.number, six.items.count) == (Self.tagged().number, 3))
    }
}
