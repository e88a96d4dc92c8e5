import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// The PostgreSQL schema is created and migrated once, whoever starts first.
@Suite("PostgreSQL store: schema and migrations (real server)")
struct PostgresSchemaTests {
    @Test func storesOpeningAnEmptyDatabaseAtOnceMigrateItOnce() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        // Four processes' worth of stores start together on an empty database.
        let opened = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask { (try? PostgresOrderStore(connectionString: connectionString)) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(opened == [true, true, true, true])
        let connection = try PostgresConnection(connectionString: connectionString)
        #expect(try connection.execute("SELECT version FROM orders_schema").rows == [[String(PostgresSchema.currentVersion)]])
        let tables = try connection.execute("""
            SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename
            """).rows.compactMap { $0.first ?? nil }
        #expect(tables == ["addresses", "adjustments", "audit_log", "discount_codes", "line_items", "note_attributes", "notes",
                           "order_tally", "orders", "orders_schema", "refund_lines", "refunds", "rules", "shop_facts", "shop_import_digests", "shops", "tags",
                           "tracking_numbers", "views"])
        // Each kind of write notifies (migration 2) and appends to the stored tally (migration 7), once.
        #expect(try connection.execute("SELECT tgname FROM pg_trigger WHERE tgname LIKE 'orders_%' ORDER BY tgname").rows
            == [["orders_deleted"], ["orders_inserted"], ["orders_tally_deleted"], ["orders_tally_inserted"],
                ["orders_tally_updated"], ["orders_updated"]])
    }

    @Test func aDatabaseFromANewerBuildIsRefusedUntouched() throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        _ = try PostgresOrderStore(connectionString: connectionString)
        let connection = try PostgresConnection(connectionString: connectionString)
        try connection.execute("UPDATE orders_schema SET version = $1", [String(PostgresSchema.currentVersion + 1)])
        #expect(throws: OrderStoreError.unusable(
            "This PostgreSQL database has orders schema \(PostgresSchema.currentVersion + 1), newer than this build of orders knows (\(PostgresSchema.currentVersion)); update orders.")) {
            _ = try PostgresOrderStore(connectionString: connectionString)
        }
        #expect(try connection.execute("SELECT version FROM orders_schema").scalar == String(PostgresSchema.currentVersion + 1))
    }

    @Test func anUnreachableServerIsOneSentence() throws {
        let server = try PostgresTestServer.shared.get()
        do {
            _ = try PostgresOrderStore(connectionString: server.connectionString(database: "no_such_database"))
            Issue.record("a store opened on a database that does not exist")
        } catch let error as OrderStoreError {
            #expect(error.description == "The PostgreSQL database cannot be used: connection to server on socket \"\(server.folder)/.s.PGSQL.5432\" failed: FATAL:  database \"no_such_database\" does not exist.")
        }
    }
}
