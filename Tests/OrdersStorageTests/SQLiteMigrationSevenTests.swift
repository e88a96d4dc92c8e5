import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A schema-6 database with orders opens in schema 7 with the saved views seeded once, and every
/// order row exactly as it was; a seeded view deleted later is not seeded again.
@Suite("SQLite migration from schema 6")
struct SQLiteMigrationSevenTests {
    static func orderRows(_ connection: SQLiteConnection) throws -> [String] {
        var rows: [String] = []
        let columns = ["id", "number", "source", "customer", "email", "currency", "created_ms", "updated_ms", "status", "payment",
                       "fulfillment", "assignee", "version", "total_e4", "search_key", "tags_key", "outstanding_e4", "customer_group"]
        try connection.statement("SELECT \(columns.joined(separator: ", ")) FROM orders ORDER BY id").forEachRow { row in
            rows.append((0..<Int32(columns.count)).map { row.isNull($0) ? "∅" : row.text($0) }.joined(separator: "|"))
        }
        try connection.statement("""
            SELECT order_id, position, sku, title, quantity, unit_price_minor, fulfilled_quantity FROM line_items
            ORDER BY order_id, position
            """).forEachRow { row in
            rows.append((0..<Int32(7)).map { row.text($0) }.joined(separator: "|"))
        }
        return rows
    }

    @Test func theDefaultViewsAreSeededOnceAndNoOrderChanges() async throws {
        let directory = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("six.db").path
        try SQLiteMigrationSixTests.makeSchemaFiveDatabase(at: path)
        let five = try SQLiteConnection(path: path, create: false)
        try five.execute(SQLiteSchema.migrations[5])
        try five.execute("PRAGMA user_version = 6")
        let rowsBefore = try Self.orderRows(five)

        let migrationStarted = Date()
        let store = try SQLiteOrderStore(path: path)
        let migrationEnded = Date()
        let after = try SQLiteConnection(path: path, create: false)
        #expect(try after.integer("PRAGMA user_version") == Int64(SQLiteSchema.currentVersion))
        #expect(try Self.orderRows(after) == rowsBefore)
        #expect(try await store.orders(matching: .all, page: PageRequest(limit: 100)).orders.map(\.id.number) == [-5, 12, 40, 41])
        let views = try await store.savedViews()
        #expect(views.map { "\($0.name) | \($0.query) | \($0.sort) | \($0.updatedBy)" }
            == DefaultViews.definitions.map { "\($0.name) | \($0.query) | \($0.sort) | orders" })
        // Seeded at the moment of the migration (the machine's clock, in whole milliseconds).
        let seededAt = try #require(views.first?.createdAt)
        #expect(seededAt >= migrationStarted.addingTimeInterval(-1) && seededAt <= migrationEnded.addingTimeInterval(1),
                "\(seededAt) not within \(migrationStarted)…\(migrationEnded)")

        // Deleting a seeded view sticks: opening again migrates nothing and seeds nothing.
        try await store.deleteView("High risk")
        let reopened = try SQLiteOrderStore(path: path)
        #expect(try await reopened.savedViews().map(\.name) == ["To fulfil", "Unpaid > 3 days", "Mine"])
    }
}
