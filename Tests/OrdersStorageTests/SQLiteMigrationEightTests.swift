import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Schema 8 adds the two indexes the team's names are read from (`OperatorNames.distinctSQL`).
@Suite("SQLite migration 8: indexes for the operators' names")
struct SQLiteMigrationEightTests {
    @Test func aSchemaSevenDatabaseGainsTheIndexesAndKeepsItsNames() async throws {
        let directory = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("seven.db").path
        // A database as schema 7 left it, with an assignee and an audit actor.
        let seven = try SQLiteOrderStore(path: path)
        try await seven.insert([OrderFixtures.assigned(1, assignee: "alice")])
        try await seven.update(OrderID(1), expectedVersion: 1, mutations: [.addNote("called")], actor: "bo")
        let connection = try SQLiteConnection(path: path, create: false)
        // Without what schemas 8 to 15 added.
        try connection.execute("""
            DROP TABLE shop_import_digests; ALTER TABLE audit_log DROP COLUMN source; DROP INDEX orders_by_assignee_name; DROP INDEX audit_log_by_actor; ALTER TABLE line_items DROP COLUMN line_total_minor;
            DROP TABLE shops; DROP TABLE rules; DROP TABLE shop_facts; PRAGMA user_version = 7
            """)
        connection.close()

        let store = try SQLiteOrderStore(path: path)
        #expect(try await store.operators() == ["alice", "bo"])
        let after = try SQLiteConnection(path: path, create: false, readOnly: true)
        defer { after.close() }
        #expect(try after.integer("PRAGMA user_version") == Int64(SQLiteSchema.currentVersion))
        var names: [String] = []
        try after.statement("SELECT name FROM sqlite_master WHERE name IN ('orders_by_assignee_name', 'audit_log_by_actor') ORDER BY name")
            .forEachRow { names.append($0.text(0)) }
        #expect(names == ["audit_log_by_actor", "orders_by_assignee_name"])
    }
}
