import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// The order list over a PostgreSQL store whose server goes away and comes back: the status
/// bar's words, and the other operator's change made meanwhile shown after reconnecting.
@Suite("Order list over PostgreSQL: the connection drops and comes back", .serialized)
@MainActor
struct ListReconnectTests {
    func environment(clock: TestClock) -> PresentationEnvironment {
        var environment = PresentationFixtures.environment(clock: clock)
        environment.reconnectedNoticeDuration = 0.2
        return environment
    }

    @Test func anotherOperatorsChangeDuringTheOutageShowsAfterReconnecting() async throws {
        let server = try RestartableServer.forListTests.get()
        let connectionString = try server.makeDatabase()
        let store = try PostgresOrderStore(connectionString: connectionString)
        try await store.insert(OrderFixtures.sample)
        let clock = TestClock()
        let model = OrderListModel(store: store, environment: environment(clock: clock))
        model.start()
        await model.waitForPendingWork()
        model.select(id: OrderID(7))
        #expect(model.state == ListState(ids: [5, 2, 3, 1, 4, 7, 6], selected: 7))
        #expect(model.tabCounts[.pending] == 2 && model.tabCounts[.processing] == 1)
        #expect(model.connectionNotice == nil)

        try server.stop()
        try await eventually("the list to notice the server is unreachable") { model.connectionNotice == .unreachable }
        #expect(model.connectionText == "Database unreachable — reconnecting…")
        try server.start()
        // Another operator, as soon as the server is back (this list may not be listening yet).
        let other = try PostgresOrderStore(connectionString: connectionString)
        try await other.update(OrderID(7), expectedVersion: 1, mutations: [.setStatus(.processing)], actor: "ana")

        try await eventually("the other operator's change to reach the processing tab's count") { model.tabCounts[.processing] == 2 }
        await model.waitForPendingWork()
        #expect(model.state == ListState(ids: [5, 2, 3, 1, 4, 7, 6], selected: 7))
        #expect(model.tabCounts == [.all: 7, .pending: 1, .processing: 2, .shipped: 1, .completed: 1, .closed: 2])
        let row = try #require(model.row(at: 5))
        #expect(row.id == OrderID(7) && row.status == .processing && row.isSelected)
        // "Reconnected" stays until its moment has come, then goes.
        try await eventually("Reconnected on the status bar") { model.connectionNotice == .reconnected }
        #expect(model.connectionText == "Reconnected")
        try await eventually("the notice's timer to start") { clock.sleeperCount == 1 }
        clock.advance(by: 0.1)
        #expect(model.connectionNotice == .reconnected, "not before its moment")
        clock.advance(by: 0.1)
        try await eventually("the connection notice to go") { model.connectionNotice == nil }
        #expect(model.errorMessage == nil)
    }

    @Test func aWriteWhoseCommitWasLostIsReportedAndTheOrderReadAgain() async throws {
        let clock = TestClock()
        let base = InMemoryOrderStore(orders: OrderFixtures.sample, now: { clock.now })
        let model = OrderListModel(store: CommitLostStore(base: base), environment: environment(clock: clock))
        model.load()
        await model.waitForPendingWork()
        model.select(id: OrderID(1))
        #expect(model.perform(.advance) == 1)
        await model.waitForPendingWork()

        // Reported as failed, never sent again: the store holds it once, at version 2.
        #expect(model.errorMessage == "advance: " + CommitLostStore.message)
        #expect(try await base.order(OrderID(1))?.version == 2)
        #expect(try await base.history(of: OrderID(1)).map(\.newValue) == ["processing"])
        // The row shows what the store holds (the read again), not the rollback.
        let row = try #require(model.row(at: 3))
        #expect(row.id == OrderID(1) && row.status == .processing)
        #expect(model.state == ListState(ids: [5, 2, 3, 1, 4, 7, 6], selected: 1,
                                         error: "advance: " + CommitLostStore.message))
        #expect(model.tabCounts[.pending] == 1 && model.tabCounts[.processing] == 2)
        #expect(!model.canUndo)
    }
}
