import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// An operator who types fast (`7`, then `77`) on a list PostgreSQL serves: the first search's count,
/// held up on the server (the counts' test hook, as a scan of millions of orders would be), holds up
/// neither the second search's rows nor its counts, because it runs on the store's connection for
/// counts and the second search cancels it there. The whole model over the real store, beside the
/// in-memory list doing the same.
@Suite("Order list served by the server: typed fast, the stale count cancelled on the server")
@MainActor
struct ServerListTypedFastTests {
    static let held = PostgresBackends.held

    @Test("7 then 77: the second's rows and counts come while the first's count is stopped on the server")
    func secondSearchDoesNotWaitForTheFirstCount() async throws {
        let pair = try await ListSourcePair()
        let counts = try #require(await pair.servedStore.counts.database())
        let pid = counts.backendProcess.id
        let observer = try PostgresConnection(connectionString: pair.connectionString)
        await counts.holdNextCount(with: Self.held)

        let (_, first) = await ServerListPendingCountsTests.rowsFirst(pair, placed: false) { $0.searchTextChanged("7") }
        #expect(try await PostgresBackends.wait(for: ["active", Self.held], of: pid, on: observer)
            == ["active", Self.held])
        #expect(first.rowCount > 0)
        #expect(pair.served.countText == "…/400 orders")

        let clock = ContinuousClock()
        let started = clock.now
        let (expected, shown) = await pair.both { $0.searchTextChanged("77") }
        // Not cancelled, the first count would hold the counts' connection for ten minutes (`held`).
        #expect(clock.now - started < .seconds(300))
        #expect(shown == expected)
        #expect(pair.served.countText == pair.reference.countText)
        #expect(pair.served.summaryFigures == pair.reference.summaryFigures)
        #expect(pair.served.tabLabels == pair.reference.tabLabels)
        // The first search's count no longer runs: its connection is idle after the second's.
        #expect(try await PostgresBackends.wait(for: ["idle"], of: pid, on: observer, state: true) == ["idle"])
        #expect(counts.backendProcess.id == pid)
    }
}
