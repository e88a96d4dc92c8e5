import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// The served list's counts run on a connection of their own (`PostgresCountsConnection`): a count
/// held up on the server holds up no rows read, a count whose task is cancelled stops on the server,
/// and a count hit by a cancel meant for another (57014 with its own task not cancelled) is run again.
/// A count is held up by the counts' test hook (`holdNextCount`: `pg_sleep` first), since a scan of
/// millions of orders cannot be made slow on purpose here.
@Suite("PostgreSQL counts on their own connection, cancelled when stale (real server)")
struct PostgresCountsConnectionTests {
    static let orders = DemoDataGenerator(seed: 11, now: OrderFixtures.now).orders(count: 80)

    /// A store holding the orders, its counts' connection open and its next count held on the server.
    static func storeWithHeldCount() async throws -> (store: PostgresOrderStore, counts: PostgresOrderDatabase,
                                                      observer: PostgresConnection) {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: connectionString)
        try await store.insert(orders)
        let counts = try #require(await store.counts.database())
        await counts.holdNextCount(with: PostgresBackends.held)
        return (store, counts, try PostgresConnection(connectionString: connectionString))
    }

    @Test("a held count holds up no rows; its task cancelled, the server stops it and the store still counts")
    func heldCountIsCancelled() async throws {
        let (store, counts, observer) = try await Self.storeWithHeldCount()
        let pid = counts.backendProcess.id
        let query = PostgresTallyTests.everyOrderScanned
        #expect(pid != 0 && pid != store.database.backendProcess.id)

        let counting = Task { try await store.listTally(matching: query) }
        #expect(try await PostgresBackends.wait(for: ["active", PostgresBackends.held], of: pid, on: observer) == ["active", PostgresBackends.held])

        // The rows (and a write) on the main connection while the count waits on the server: still
        // held there after them, so they did not wait for it.
        let rows = try await store.listRows(matching: query, from: .offset(0), limit: 50)
        let page = try await store.orders(matching: query, page: PageRequest(limit: 50))
        let target = Self.orders[0]
        let written = try await store.update(target.id, expectedVersion: target.version, mutations: [.addNote("while counting")],
                                             actor: "ana")
        #expect(rows.count == 50)
        #expect(rows.map(\.id) == page.orders.map(\.id))
        #expect(written.version == target.version + 1)
        #expect(try PostgresBackends.activity(of: pid, on: observer) == ["active", PostgresBackends.held])

        counting.cancel()
        await #expect(throws: CancellationError.self) { try await counting.value }
        #expect(try await PostgresBackends.wait(for: ["idle", PostgresBackends.held], of: pid, on: observer) == ["idle", PostgresBackends.held])

        // The same connection counts again, and places an order.
        #expect(try await store.listTally(matching: query) == PostgresTallyTests.tally(of: Self.orders))
        let second = try #require(rows.dropFirst().first)
        #expect(try await store.listPosition(of: PageCursor(second), matching: query) == 1)
        #expect(counts.backendProcess.id == pid)
        await store.close()
    }

    @Test("a count cancelled by someone else while its task goes on is run again and answers right")
    func countCancelledFromOutsideRunsAgain() async throws {
        let (store, counts, observer) = try await Self.storeWithHeldCount()
        let pid = counts.backendProcess.id
        let query = PostgresTallyTests.everyOrderScanned

        let counting = Task { try await store.listTally(matching: query) }
        #expect(try await PostgresBackends.wait(for: ["active", PostgresBackends.held], of: pid, on: observer) == ["active", PostgresBackends.held])
        #expect(try observer.execute("SELECT pg_cancel_backend($1)", [String(pid)]).rows == [["t"]])

        #expect(try await counting.value == PostgresTallyTests.tally(of: Self.orders))
        #expect(counts.backendProcess.id == pid)
        await store.close()
    }

    @Test("a count whose task is cancelled before it starts is not run")
    func cancelledBeforeItStarts() async throws {
        let (store, counts, observer) = try await Self.storeWithHeldCount()
        let pid = counts.backendProcess.id
        let query = PostgresTallyTests.everyOrderScanned
        let counting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.listTally(matching: query)
        }
        await #expect(throws: CancellationError.self) { try await counting.value }
        // The held statement is still waiting for the next count: this one sent nothing.
        #expect(await counts.heldCountStatement == PostgresBackends.held)
        #expect(try PostgresBackends.activity(of: pid, on: observer).first == "idle")
        await store.close()
    }
}
