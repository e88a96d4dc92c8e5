import Foundation
@testable import OrdersCore
import TerminalTestSupport
import Testing

/// Issue 33, item 2, end to end: two operators' apps on one PostgreSQL server. The first app shows
/// ORD-0000012 Pending and is paused (SIGSTOP) before another operator's change reaches it; the
/// other app advances the order to Processing; `c` is typed into the paused app, which then runs on.
/// That `c` was pressed on Pending, a state that no longer exists: it must be refused as a conflict,
/// never applied (the order must not move on to Shipped). Repeated on one server with the same two
/// apps, on the list held in memory and on the list the server serves a window at a time.
@Suite("PostgreSQL: an action typed on a state another operator changed is refused, never applied", .serialized)
struct AppStaleActionOnPostgresEndToEndTests {
    static let rounds = 20
    static let number = 12

    @Test(arguments: [("in memory", "{\"autoAdvance\": false}"),
                      ("served by the server", "{\"autoAdvance\": false, \"serverListThreshold\": 1}")])
    func aKeyTypedWhilePausedOnAStateChangedMeanwhileIsRefusedEveryTime(_ list: String, _ config: String) async throws {
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        let app = try AppFixture(config: config, databaseURL: url)
        let other = TmuxPane()
        defer {
            try? other.send("C-c")
            app.stop()
        }
        try app.start()
        try app.start(on: other, environment: ["ORDERS_ACTOR": "noah"])
        let pid = try #require(try app.pane.childProcessIDs().first)
        let store = try PostgresOrderStore(connectionString: url, mayCreateSchema: false)
        let id = OrderID(Self.number)
        var refused = 0
        for round in 1...Self.rounds {
            // Pending on both screens, at a version both have seen.
            var order = try #require(try await store.order(id))
            if order.status != .pending {
                order = try await store.update(id, expectedVersion: order.version, mutations: [.restoreStatus(.pending)], actor: "reset")
            }
            for pane in [app.pane, other] { try Self.waitForRow(on: pane, showing: "Pending") }

            #expect(kill(pid, SIGSTOP) == 0)
            try AppSuspendFromOutsideEndToEndTests.waitForState(pid, "T")
            try other.send("c")
            let moved = try await Self.waitForStored(store, id, version: order.version + 1)
            #expect(moved.status == .processing, "round \(round): the other operator's advance")
            try app.pane.send("c")
            #expect(kill(pid, SIGCONT) == 0)

            // The paused app catches up: it shows the order as it is, and its `c` did nothing.
            try Self.waitForRow(on: app.pane, showing: "Processing")
            let screen = try app.pane.waitFor(text: "changed by someone else")
            let stored = try #require(try await store.order(id))
            #expect((stored.status, stored.version) == (.processing, order.version + 1),
                    "round \(round) (\(list)): the paused app's `c` was applied: \(stored.status) at version \(stored.version)")
            if stored.version == order.version + 1 { refused += 1 }
            #expect(!screen.contains { $0.contains("Shipped") && $0.contains(AppFixture.id(Self.number)) })
            // The message is taken away before the next round, so each round's refusal is its own.
            try app.pane.send("Escape")
            try app.pane.waitFor("the message gone") { screen in !screen.contains { $0.contains("changed by someone else") } }
        }
        let history = try await store.history(of: id)
        #expect(!history.contains { $0.actor == "tester" }, "the paused app wrote nothing: \(history.filter { $0.actor == "tester" })")
        print("PostgreSQL stale action (\(list) list): \(refused) of \(Self.rounds) refused, \(Self.rounds - refused) applied")
        await store.close()
    }

    static func waitForRow(on pane: TmuxPane, showing status: String) throws {
        try pane.waitFor("\(AppFixture.id(number)) \(status)") { screen in
            screen.contains { $0.contains(AppFixture.id(number)) && $0.contains(status) }
        }
    }

    static func waitForStored(_ store: PostgresOrderStore, _ id: OrderID, version: Int) async throws -> Order {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if let order = try await store.order(id), order.version >= version { return order }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw AppFixture.FixtureError(message: "\(id) never reached version \(version)")
    }
}
