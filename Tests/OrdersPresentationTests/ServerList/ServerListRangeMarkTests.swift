import Foundation
import Testing
import TerminalTestSupport
@testable import OrdersCore

/// `v` on a server-served list marks the same orders as on the in-memory list: in place when the
/// window holds the whole range, read from the server (upper end to lower end) when it does not.
@Suite("Order list served by the server: v marks a range")
@MainActor
struct ServerListRangeMarkTests {
    /// Starts a range at `from`, moves to `to`, and marks it, on both lists.
    static func markRange(_ pair: ListSourcePair, from: Int, to: Int) async {
        await pair.expectSame("select \(from)") { $0.select(at: from) }
        await pair.both { $0.markRange() }
        #expect(pair.served.rangeStart?.position == from)
        #expect(pair.served.statusMessage == "Range from \(pair.served.rangeStart?.number ?? "?"): move, then v marks to here (U forgets it)")
        await pair.expectSame("select \(to)") { $0.select(at: to) }
        await pair.expectSame("v again") { $0.markRange() }
        #expect(pair.served.rangeStart == nil)
        #expect(pair.served.errorMessage == nil)
    }

    @Test("a range the window holds, downwards: rows 3 to 8 marked, the same ids as the in-memory list")
    func withinTheWindow() async throws {
        let pair = try await ListSourcePair()
        let expected = Array(pair.reference.visibleIDs[3...8]).sorted()
        await Self.markRange(pair, from: 3, to: 8)
        #expect(pair.served.markedIDs == expected)
        #expect(pair.reference.markedIDs == expected)
    }

    @Test("a range longer than the window, upwards from row 390 to row 2: read from the server, every id of rows 2...390")
    func beyondTheWindow() async throws {
        let pair = try await ListSourcePair()
        let expected = Array(pair.reference.visibleIDs[2...390]).sorted()
        await pair.expectSame("select 390") { $0.select(at: 390) }
        #expect(!pair.served.rowsHeld.contains(2), "the window does not hold the range's far end")
        await Self.markRange(pair, from: 390, to: 2)
        #expect(pair.served.markedIDs == expected)
        #expect(pair.reference.markedIDs == expected)
        #expect(pair.served.markedCount == 389)
    }

    @Test("downwards past the window, after a search: the same ids as the in-memory list, earlier marks kept")
    func afterASearch() async throws {
        let pair = try await ListSourcePair()
        await pair.expectSame("searching e") { $0.searchTextChanged("e") }
        let shown = pair.reference.rowCount
        #expect(shown > 250)
        await pair.expectSame("select 0") { $0.select(at: 0) }
        await pair.expectSame("mark 0") { $0.toggleMark() }
        let expected = ([pair.reference.visibleIDs[0]] + pair.reference.visibleIDs[10...(shown - 1)]).sorted()
        await Self.markRange(pair, from: 10, to: shown - 1)
        #expect(pair.served.markedIDs == expected)
        #expect(pair.reference.markedIDs == expected)
    }

    @Test("more than the limit: nothing marked, and why")
    func beyondTheLimit() async throws {
        let pair = try await ListSourcePair(markLimit: 50)
        let served = pair.served
        served.select(at: 0)
        served.markRange()
        served.select(at: 300)
        await served.waitForPendingWork()
        served.markRange()
        await served.waitForPendingWork()
        #expect(served.markedCount == 0)
        #expect(served.errorMessage == "Mark range: more than 50 orders; at most that many are marked at once on a list the server serves")
    }
}
