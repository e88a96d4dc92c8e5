import Foundation
@testable import OrdersCore
@testable import OrdersStorage
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
    /// The list's Payment/Shipping column for pending, processing and shipped.
    static let (pending, processing, shipped) = ("Unpaid/Unsent", "Paid/Unsent", "Paid/Sent")

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
            // The paused app's own change (a flag toggled) takes the last round's message away, so each
            // round's refusal is its own; both apps show the order with it, Pending.
            try Self.waitForRow(on: app.pane, showing: Self.pending, flagged: order.flagged)
            try app.pane.send("f")
            order = try await Self.waitForStored(store, id, version: order.version + 1)
            for pane in [app.pane, other] { try Self.waitForRow(on: pane, showing: Self.pending, flagged: order.flagged) }
            #expect(!(try app.pane.screen()).contains { $0.contains("changed by someone else") })

            #expect(kill(pid, SIGSTOP) == 0)
            try AppSuspendFromOutsideEndToEndTests.waitForState(pid, "T")
            try other.send("c")
            let moved = try await Self.waitForStored(store, id, version: order.version + 1)
            #expect(moved.status == .processing, "round \(round): the other operator's advance")
            try app.pane.send("c")
            #expect(kill(pid, SIGCONT) == 0)

            // The paused app catches up: it shows the order as it is, and its `c` did nothing.
            try Self.waitForRow(on: app.pane, showing: Self.processing)
            let screen = try app.pane.waitFor(text: "changed by someone else", timeout: 60)
            let stored = try #require(try await store.order(id))
            #expect((stored.status, stored.version) == (.processing, order.version + 1),
                    "round \(round) (\(list)): the paused app's `c` was applied: \(stored.status) at version \(stored.version)")
            if stored.version == order.version + 1 { refused += 1 }
            #expect(!screen.contains { $0.contains(Self.shipped) && $0.contains(AppFixture.id(Self.number)) })
        }
        let history = try await store.history(of: id)
        let statusChanges = history.filter { $0.actor == "tester" && $0.field != "flagged" }
        #expect(statusChanges.isEmpty, "the paused app changed the order: \(statusChanges)")
        print("PostgreSQL stale action (\(list) list): \(refused) of \(Self.rounds) refused, \(Self.rounds - refused) applied")
        await store.close()
    }

    /// Waits until the order's row shows `status` (and the flag mark, when `flagged` is given).
    static func waitForRow(on pane: TmuxPane, showing status: String, flagged: Bool? = nil) throws {
        try pane.waitFor("\(AppFixture.id(number)) \(status)", timeout: 60) { screen in
            screen.contains { line in
                line.contains(AppFixture.id(number)) && line.contains(status) && flagged.map { line.contains("⚑") == $0 } ?? true
            }
        }
    }

    /// The stored order once it has reached `version`. Generous: in the whole suite on two cores the
    /// apps may wait many seconds for the CPU (the test asserts what happens, not how fast).
    static func waitForStored(_ store: PostgresOrderStore, _ id: OrderID, version: Int) async throws -> Order {
        var reached: Order?
        try await eventually("\(id) stored at version \(version)") {
            reached = try await store.order(id).flatMap { $0.version >= version ? $0 : nil }
            return reached != nil
        }
        return try #require(reached)
    }
}
