import Foundation
import TerminalTestSupport
import Testing

/// The real `orders` app on PostgreSQL when its connection drops: the server restarted, the
/// app's sessions cut by `pg_terminate_backend`, and quitting while the server is away. On a
/// server of the suite's own (the process's shared one must stay up for the other tests).
@Suite("orders on PostgreSQL: the connection drops and comes back (tmux)", .serialized)
struct AppReconnectEndToEndTests {
    static let server: Result<PostgresTestServer, PostgresTestServerError> = {
        do { return .success(try PostgresTestServer.makePrivate()) } catch let error as PostgresTestServerError {
            return .failure(error)
        } catch {
            return .failure(PostgresTestServerError(message: "\(error)"))
        }
    }()

    static let unreachable = "Database unreachable — reconnecting…"
    /// The status bar's sums of the fixture's twelve orders, per currency.
    static let sums = "CN¥1,200.00  €1,007.99  £42.50  JP¥5,400  US$101,896.00"
    static let newestFirst = (1...12).reversed().map { AppFixture.id($0) }

    /// The row of an order on the screen.
    func row(_ number: Int, in screen: [String]) -> String? {
        screen.first { AppFixture.orderID(in: $0) == AppFixture.id(number) }
    }

    /// Another operator flags an order, through a process and a connection of its own.
    func flagElsewhere(_ app: AppFixture, _ number: Int) throws {
        let flagged = try app.binary.run(["flag", AppFixture.id(number), "--actor", "noah", "--db", app.database])
        #expect(flagged.status == 0, "\(flagged.stderr)")
    }

    @Test("the server restarts: the status bar says so, then Reconnected; a change made by another process shows; quit leaves the terminal sane")
    func theServerRestarts() throws {
        let server = try Self.server.get()
        let app = try AppFixture(databaseURL: try server.makeDatabaseURL())
        defer { app.stop() }
        try app.startReportingExitTime(width: 120)
        try app.waitForRows(Self.newestFirst)

        try server.stop()
        let outage = try app.pane.waitFor(text: Self.unreachable)
        // Still on screen while the server is away: the rows and the header, its URL as given.
        #expect(outage.compactMap(AppFixture.orderID(in:)) == Self.newestFirst)
        #expect(outage.first?.hasPrefix("orders \(app.database)") == true)
        // The status bar: the notice, then the sums as before.
        #expect(outage.map { $0.trimmingCharacters(in: .whitespaces) }.contains(Self.unreachable + "  " + Self.sums), "\(outage)")

        try server.start()
        // Flagged as soon as the server is back: the app may still be waiting out its backoff.
        try flagElsewhere(app, 3)
        let reconnected = try app.pane.waitFor(text: "Reconnected")
        #expect(reconnected.map { $0.trimmingCharacters(in: .whitespaces) }.contains("Reconnected  " + Self.sums), "\(reconnected)")
        let back = try app.pane.waitFor("ORD-0000003 flagged after the reconnect") { self.row(3, in: $0)?.contains("⚑") == true }
        #expect(back.compactMap(AppFixture.orderID(in:)) == Self.newestFirst)
        // "Reconnected" shows for a moment (3 s), then the status bar is as before.
        try app.pane.waitFor("the reconnect notice gone") { !$0.contains { $0.contains("Reconnected") } }

        // The app works on: its own change is stored on the server.
        try app.pane.send("G")
        try app.pane.send("k")
        try app.pane.send("f")
        try app.pane.waitFor("ORD-0000002 flagged") { self.row(2, in: $0)?.contains("⚑") == true }
        try waitUntil("ORD-0000002 stored as flagged") { try app.stored(2)["flagged"] as? Bool == true }
        let stored = try app.stored(2)
        #expect(stored["flagged"] as? Bool == true && stored["version"] as? Int == 2, "\(stored)")

        try app.pane.send("q")
        let report = try app.waitForExitReport()
        #expect(report.status == 0)
        try app.pane.expectSaneAfterExit(report)
    }

    @Test("the app's sessions are cut without a restart: it reconnects by itself and shows another process's change")
    func theSessionsAreCut() throws {
        let server = try Self.server.get()
        let app = try AppFixture(databaseURL: try server.makeDatabaseURL())
        defer { app.stop() }
        try app.startReportingExitTime(width: 120)
        try app.waitForRows(Self.newestFirst)
        let database = try #require(PostgresTestServer.databaseName(of: app.database))

        // The app's two sessions: its queries' and its listener's.
        #expect(try server.terminateSessions(database: database) == 2)
        try flagElsewhere(app, 9)
        let screen = try app.pane.waitFor("ORD-0000009 flagged after the cut") { screen in
            self.row(9, in: screen)?.contains("⚑") == true && !screen.contains { $0.contains(Self.unreachable) }
        }
        #expect(screen.compactMap(AppFixture.orderID(in:)) == Self.newestFirst)

        // A read on the cut session is made again on a new one: opening an order works.
        try app.pane.send("g")
        try app.pane.send("Enter")
        try app.waitForDetail(12, showing: "Pending")
        try app.pane.send("Escape")
        try app.waitForRows(Self.newestFirst)

        try app.pane.send("q")
        let report = try app.waitForExitReport()
        #expect(report.status == 0)
        try app.pane.expectSaneAfterExit(report)
    }

    @Test("quitting while the server is away gives the terminal back within two seconds")
    func quittingWhileTheServerIsAway() throws {
        let server = try Self.server.get()
        let app = try AppFixture(databaseURL: try server.makeDatabaseURL())
        defer { app.stop() }
        try app.startReportingExitTime(width: 120)
        try server.stop()
        defer { try? server.start() }
        try app.pane.waitFor(text: Self.unreachable)

        let pressed = Date().timeIntervalSince1970
        try app.pane.send("q")
        let report = try app.waitForExitReport()
        #expect(report.status == 0)
        #expect(report.endedAt - pressed < 2, "ended \(report.endedAt - pressed) s after q")
        try app.pane.expectSaneAfterExit(report)
    }
}
