import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// The timeouts, keepalives and application name every connection is given
/// (`PostgresConnectionDefaults`), and that the person's own connection string wins.
@Suite("PostgreSQL connection defaults")
struct PostgresConnectionDefaultsTests {
    static let url = "postgresql://ana@db.example/shop?sslmode=require"

    @Test func theDefaultsComeFirstAndThePersonsStringLast() {
        let parameters = PostgresConnectionDefaults.parameters(connectionString: Self.url, environment: [:])
        #expect(parameters.map { "\($0.keyword)=\($0.value)" } == [
            "connect_timeout=10", "keepalives=1", "keepalives_idle=30", "keepalives_interval=10",
            "keepalives_count=3", "tcp_user_timeout=60000", "fallback_application_name=orders",
            "dbname=\(Self.url)",
        ])
    }

    @Test func aSettingWhoseEnvironmentVariableIsSetIsLeftToLibpq() {
        #expect(PostgresConnectionDefaults.environmentVariables["connect_timeout"] == "PGCONNECT_TIMEOUT")
        let withTimeout = PostgresConnectionDefaults.parameters(connectionString: Self.url,
                                                                environment: ["PGCONNECT_TIMEOUT": "45"])
        #expect(withTimeout.map(\.keyword) == [
            "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count",
            "tcp_user_timeout", "fallback_application_name", "dbname",
        ])
        // libpq treats an empty variable as unset, and so do we.
        let empty = PostgresConnectionDefaults.parameters(connectionString: Self.url,
                                                          environment: ["PGCONNECT_TIMEOUT": ""])
        #expect(empty.first?.keyword == "connect_timeout")
    }

    /// On a real server: what the server sees as the application's name shows whose value won.
    @Test func theServerSeesOurNameUnlessTheStringNamesAnother() throws {
        let server = try PostgresTestServer.shared.get()
        let connectionString = try server.makeDatabase()
        func applicationName(_ string: String) throws -> String? {
            try PostgresConnection(connectionString: string).execute("SHOW application_name").scalar
        }
        #expect(try applicationName(connectionString) == "orders")
        // The same keyword in the person's string overrides ours…
        #expect(try applicationName(connectionString + " fallback_application_name=desk-3") == "desk-3")
        // …and an application_name beats any fallback.
        #expect(try applicationName(connectionString + " application_name=night-shift") == "night-shift")
        let url = try server.makeDatabaseURL()
        #expect(try applicationName(url) == "orders")
        #expect(try applicationName(url + "&application_name=night-shift") == "night-shift")
    }
}
