import Foundation
import Testing
import TerminalTestSupport
@testable import OrdersCore

/// `*` on a server-served list marks every order the list shows, as the in-memory list does, though
/// the window holds only some of them: their ids are read from the server, and an action reaches
/// them all. Beyond `serverMarkLimit` it marks nothing and says why.
@Suite("Order list served by the server: * marks every order shown")
@MainActor
struct ServerListMarkAllTests {
    @Test("a search and a tab, then *: the same marks and screen as the in-memory list, and an action reaches every one")
    func marksEveryOrderShown() async throws {
        let pair = try await ListSourcePair()
        let served = pair.served
        await pair.expectSame("searching e") { $0.searchTextChanged("e") }
        await pair.expectSame("the All tab") { $0.selectTab(.all) }
        let shown = served.rowCount
        #expect(shown > served.rowsHeld.count, "the window holds only some of the \(shown) orders shown")
        served.markAllVisible()
        #expect(served.statusMessage == "Marking the orders shown…")
        await pair.expectSame("*") { $0.markAllVisible() }
        #expect(served.statusMessage == nil)
        #expect(served.errorMessage == nil)
        #expect(served.markedCount == shown)
        #expect(served.markedIDs == pair.reference.markedIDs)
        #expect(served.markedIDs.count == shown)
        #expect(served.summary.marked == shown)

        // An action reaches every marked order, held or not, in both stores alike.
        await pair.both { _ = $0.perform(.flag) }
        for list in [served, pair.reference] { await list.waitForPendingWork() }
        #expect(served.errorMessage == nil)
        // Those already flagged change nothing, on both lists alike.
        let alreadyFlagged = ListSourcePair.orders.filter { $0.flagged && served.markedIDs.contains($0.id) }.count
        #expect(served.statusMessage == "flag: \(shown - alreadyFlagged) orders")
        #expect(served.statusMessage == pair.reference.statusMessage)
        for id in served.markedIDs {
            #expect(try await pair.servedStore.order(id)?.flagged == pair.referenceStore.order(id)?.flagged, "\(id)")
        }
        let flagged = try await pair.servedStore.countsByStatus(matching: OrderQuery(filters: [OrderFilter(.flagged)])).values.reduce(0, +)
        let referenceFlagged = try await pair.referenceStore.countsByStatus(matching: OrderQuery(filters: [OrderFilter(.flagged)]))
            .values.reduce(0, +)
        #expect(flagged == referenceFlagged)
        await pair.expectSame("the marks cleared") { $0.clearMarks() }
        #expect(served.markedCount == 0)
    }

    @Test("more orders shown than the limit: * marks nothing and says why")
    func refusesBeyondTheLimit() async throws {
        let pair = try await ListSourcePair(markLimit: 50)
        let served = pair.served
        #expect(served.rowCount == 400)
        served.markAllVisible()
        await served.waitForPendingWork()
        #expect(served.markedCount == 0)
        #expect(served.errorMessage == "Mark all: 400 orders are shown, and at most 50 are marked at once on a list the server serves; "
            + "narrow the search or choose a tab")
        // Narrowed below the limit, it marks them all.
        served.searchTextChanged(ListSourcePair.orders[17].customerName)
        await served.waitForPendingWork()
        let shown = served.rowCount
        #expect(shown > 0 && shown <= 50)
        served.markAllVisible()
        await served.waitForPendingWork()
        #expect(served.markedCount == shown)
        #expect(served.errorMessage == nil)
    }

    @Test("clearing the marks while * is still reading leaves nothing marked")
    func clearingWhileReading() async throws {
        let pair = try await ListSourcePair()
        let served = pair.served
        served.markAllVisible()
        served.clearMarks()
        await served.waitForPendingWork()
        #expect(served.markedCount == 0)
        #expect(served.statusMessage == nil)
    }
}
