import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// libpq through `PostgresConnection`, against a real server the tests start
/// themselves (`PostgresTestServer`). Each test gets a database of its own.
@Suite("PostgreSQL connection (real server)")
struct PostgresConnectionTests {
    let connectionString: String

    init() throws {
        let server = try PostgresTestServer.shared.get()
        connectionString = try server.makeDatabase()
    }

    @Test func textComesBackVerbatimAndNullStaysNull() throws {
        let connection = try PostgresConnection(connectionString: connectionString)
        try connection.executeScript("CREATE TABLE notes (id integer PRIMARY KEY, body text)")
        let texts = ["plain", "Müller · José · 黄秀英 · 😀👍🏽", "line one\nline two\r\n\ttabbed", "it's \"quoted\"; DROP TABLE notes; --", "\u{1B}[31mred\u{07}", ""]
        for (index, text) in texts.enumerated() {
            let inserted = try connection.execute("INSERT INTO notes (id, body) VALUES ($1, $2)", [String(index), text])
            #expect(inserted.affectedRows == 1)
        }
        try connection.execute("INSERT INTO notes (id, body) VALUES ($1, $2)", ["99", nil])

        let result = try connection.execute("SELECT id, body FROM notes ORDER BY id")
        #expect(result.columns == ["id", "body"])
        #expect(result.rows == texts.enumerated().map { [String($0.offset), $0.element] } + [["99", nil]])
    }

    @Test func aNulCharacterIsRefusedNotCutShort() throws {
        let connection = try PostgresConnection(connectionString: connectionString)
        try connection.executeScript("CREATE TABLE notes (body text)")
        #expect(throws: PostgresError(message: "text with a NUL character cannot be stored (parameter 1)")) {
            try connection.execute("INSERT INTO notes (body) VALUES ($1)", ["before\u{0}after"])
        }
        #expect(try connection.execute("SELECT count(*) FROM notes").scalar == "0")
    }

    /// Statements sent in one round trip (an order's child tables): each one's rows in order; when
    /// one fails, its error is thrown, the rest are skipped, and the connection works as before.
    @Test func statementsSentTogetherAnswerInOrderAndAFailureStopsTheRest() throws {
        let connection = try PostgresConnection(connectionString: connectionString)
        try connection.executeScript("CREATE TABLE tags (order_id bigint, tag text)")
        try connection.execute("INSERT INTO tags VALUES (1, 'vip'), (2, 'gift'), (2, 'Müller · 黄秀英')")
        let results = try connection.transaction {
            try connection.execute(all: [
                ("SELECT tag FROM tags WHERE order_id = $1 ORDER BY tag", ["2"]),
                ("SELECT tag FROM tags WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, tag", ["{1,2}"]),
                ("SELECT tag FROM tags WHERE order_id = $1", ["3"]),
            ])
        }
        #expect(results.map(\.rows) == [[["Müller · 黄秀英"], ["gift"]], [["vip"], ["Müller · 黄秀英"], ["gift"]], []])

        var caught: PostgresError?
        do {
            _ = try connection.transaction {
                try connection.execute(all: [
                    ("SELECT tag FROM tags WHERE order_id = $1", ["1"]),
                    ("SELECT tag FROM missing_table", []),
                    ("SELECT tag FROM tags WHERE order_id = $1", ["2"]),
                ])
            }
        } catch let error as PostgresError {
            caught = error
        }
        #expect(caught?.message == "relation \"missing_table\" does not exist")
        #expect(caught?.isConnectionLost == false)
        // Out of pipeline mode and out of the failed transaction: an ordinary statement works.
        #expect(try connection.execute("SELECT count(*) FROM tags").scalar == "3")
        #expect(throws: PostgresError(message: "text with a NUL character cannot be stored (statement 2, parameter 1)")) {
            try connection.execute(all: [("SELECT 1", []), ("SELECT $1::text", ["a\u{0}b"])])
        }
    }

    @Test func aFailedTransactionLeavesNothingAndNamesTheServerError() throws {
        let connection = try PostgresConnection(connectionString: connectionString)
        try connection.executeScript("CREATE TABLE orders (number text PRIMARY KEY)")
        try connection.execute("INSERT INTO orders VALUES ($1)", ["#1001"])

        var caught: PostgresError?
        do {
            try connection.transaction {
                try connection.execute("INSERT INTO orders VALUES ($1)", ["#1002"])
                try connection.execute("INSERT INTO orders VALUES ($1)", ["#1001"])
            }
        } catch let error as PostgresError {
            caught = error
        }
        #expect(caught?.sqlState == PostgresError.uniqueViolation)
        #expect(caught?.isUniqueViolation == true)
        #expect(caught?.message == "duplicate key value violates unique constraint \"orders_pkey\"")
        #expect(caught?.detail == "Key (number)=(#1001) already exists.")
        #expect(try connection.execute("SELECT number FROM orders ORDER BY number").rows == [["#1001"]])

        // The connection is usable again after the rollback.
        try connection.transaction { try connection.execute("INSERT INTO orders VALUES ($1)", ["#1003"]) }
        #expect(try connection.execute("SELECT count(*) FROM orders").scalar == "2")
    }

    @Test func notificationsArriveOnTheListeningConnectionOnly() throws {
        let listener = try PostgresConnection(connectionString: connectionString)
        let bystander = try PostgresConnection(connectionString: connectionString)
        let sender = try PostgresConnection(connectionString: connectionString)
        try listener.listen("order changes")
        #expect(try listener.receivedNotifications() == [])

        try sender.execute("SELECT pg_notify($1, $2)", ["order changes", "#1001"])
        try sender.execute("SELECT pg_notify($1, $2)", ["order changes", "SO-2024-00017"])
        let senderPID = try #require(Int32(try sender.execute("SELECT pg_backend_pid()").scalar ?? ""))

        // Delivery is asynchronous: wait on the socket as the store will.
        var received: [PostgresNotification] = []
        let deadline = Date().addingTimeInterval(5)
        while received.count < 2, Date() < deadline {
            var descriptor = pollfd(fd: listener.socket, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 200)
            received += try listener.receivedNotifications()
        }
        #expect(received == [
            PostgresNotification(channel: "order changes", payload: "#1001", senderProcessID: senderPID),
            PostgresNotification(channel: "order changes", payload: "SO-2024-00017", senderProcessID: senderPID),
        ])
        #expect(try bystander.receivedNotifications() == [])
    }

    @Test func aBadConnectionStringOrAClosedConnectionIsAnErrorNotATrap() throws {
        let server = try PostgresTestServer.shared.get()
        #expect(throws: PostgresError.self) {
            _ = try PostgresConnection(connectionString: server.connectionString(database: "no_such_database"))
        }
        let connection = try PostgresConnection(connectionString: connectionString)
        connection.close()
        #expect(throws: PostgresError(message: "the connection was closed")) { try connection.execute("SELECT 1") }
    }

    @Test func identifiersAreQuotedByLibpq() throws {
        let connection = try PostgresConnection(connectionString: connectionString)
        #expect(try connection.quotedIdentifier("orders") == "\"orders\"")
        #expect(try connection.quotedIdentifier("a \"b\"") == "\"a \"\"b\"\"\"")
        #expect(connection.serverVersion >= 120_000)
        #expect(connection.user == "orders_test")
    }
}
