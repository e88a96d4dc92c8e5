import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
import TerminalTestSupport
import Testing

/// A new search on a server-served list shows its rows as soon as they are read, with its counts
/// pending (one or two characters make the counts a scan of every match); the counts follow.
/// The counts are held back here (`HeldTallyStore`) so the screen in between can be seen: the
/// in-memory list's rows, selection and page, the tabs, header and sums pending, the list as long
/// as the rows known; once released, the in-memory list's whole screen.
@Suite("Order list served by the server: a new search's rows first, its counts when counted")
@MainActor
struct ServerListPendingCountsTests {
    /// What the served list shows while its counts are held: the reference's screen with the
    /// counts pending and `rowsKnown` as its length.
    static func pending(_ reference: ListScreenState, rowsKnown: Int) -> ListScreenState {
        var state = reference
        state.rowCount = rowsKnown
        state.tabCounts = [:]
        state.summary = .counting(total: reference.summary.total, marked: reference.summary.marked)
        return state
    }

    /// Waits for the served list's rows (its query's refresh, window moves and, when `placed`, the
    /// count of where they stand if that was guessed), not for its counts.
    static func waitForRows(_ list: OrderListModel, placed: Bool = true) async {
        guard let source = list.source as? ServedListSource else {
            Issue.record("the list is not served by the server")
            return
        }
        while true {
            if let task = source.serverTask {
                await task.value
                if source.serverTask == task { source.serverTask = nil }
            } else if placed, let task = source.placeTask {
                await task.value
                if source.placeTask == task { source.placeTask = nil }
            } else if let task = source.windowTask {
                await task.value
                if source.windowTask == task { source.windowTask = nil }
            } else {
                return
            }
        }
    }

    /// Does `step` to both lists; the reference finishes, the served list shows its rows only.
    static func rowsFirst(_ pair: ListSourcePair, placed: Bool = true,
                          _ step: (OrderListModel) -> Void) async -> (reference: ListScreenState, served: ListScreenState) {
        step(pair.reference)
        await pair.reference.waitForPendingWork()
        step(pair.served)
        await waitForRows(pair.served, placed: placed)
        return (ListScreenState(pair.reference), ListScreenState(pair.served))
    }

    static let pendingTabs = StatusTab.allCases.map { " \($0.tabTitle) … " }

    @Test("a search shows its rows with the counts pending, then its exact counts (many matches, then few)")
    func rowsThenCounts() async throws {
        let pair = try await ListSourcePair(serving: { HeldTallyStore(base: $0) })
        let gate = try #require(pair.served.store as? HeldTallyStore).gate
        let customer = ListSourcePair.orders[17].customerName
        for text in ["a", customer] {
            await gate.close()
            let (expected, shown) = await Self.rowsFirst(pair) { $0.searchTextChanged(text) }
            // Many matches: the list is as long as the first read (it asked for a window and got all
            // of it); few: the read came back short, so the end, and the length, are known exactly.
            let known = min(expected.rowCount, ServerWindow.fetchSize)
            #expect(text == customer ? expected.rowCount < ServerWindow.fetchSize : expected.rowCount > ServerWindow.fetchSize)
            #expect(shown == Self.pending(expected, rowsKnown: known), "searching \(text)")
            #expect(pair.served.countText == "…/400 orders")
            #expect(pair.served.summaryFigures == "counting…")
            #expect(pair.served.tabLabels.map(\.full) == Self.pendingTabs)
            #expect(await gate.asked(expecting: 1) == 1, "searching \(text)")

            await gate.open()
            await pair.served.waitForPendingWork()
            #expect(ListScreenState(pair.served) == expected, "searching \(text), counted")
            #expect(pair.served.countText == pair.reference.countText)
            #expect(pair.served.summaryFigures == pair.reference.summaryFigures)
            #expect(pair.served.tabLabels == pair.reference.tabLabels)
        }
    }

    @Test("a tab switch and a sort change while counting wait for the one count under way")
    func tabAndSortWhileCounting() async throws {
        let pair = try await ListSourcePair(serving: { HeldTallyStore(base: $0) })
        let gate = try #require(pair.served.store as? HeldTallyStore).gate
        await gate.close()
        var (expected, shown) = await Self.rowsFirst(pair) { $0.searchTextChanged("a") }
        #expect(shown == Self.pending(expected, rowsKnown: ServerWindow.fetchSize))
        (expected, shown) = await Self.rowsFirst(pair) { $0.selectTab(.pending) }
        #expect(shown == Self.pending(expected, rowsKnown: min(expected.rowCount, ServerWindow.fetchSize)))
        (expected, shown) = await Self.rowsFirst(pair) { $0.setSort(OrderSort(.total, ascending: false)) }
        // The selected order's place in the new sort is counted, and the rows read from a little before it.
        #expect(shown == Self.pending(expected, rowsKnown: pair.served.rowsHeld.upperBound))
        #expect(pair.served.rowsHeld.upperBound <= expected.rowCount)
        #expect(await gate.asked(expecting: 1) == 1)

        await gate.open()
        await pair.served.waitForPendingWork()
        #expect(ListScreenState(pair.served) == expected)
        #expect(await gate.asked(expecting: 1) == 1)
        await pair.expectSame("the next page, counted") { $0.page(.down, pageSize: ListSourcePair.pageHeight) }
    }

    @Test("a newer search while the last one is counted wins: the older counts never show")
    func newerSearchWins() async throws {
        let pair = try await ListSourcePair(serving: { HeldTallyStore(base: $0) })
        let gate = try #require(pair.served.store as? HeldTallyStore).gate
        await gate.close()
        _ = await Self.rowsFirst(pair) { $0.searchTextChanged("a") }
        let (expected, shown) = await Self.rowsFirst(pair) { $0.searchTextChanged("ma") }
        #expect(shown == Self.pending(expected, rowsKnown: min(expected.rowCount, ServerWindow.fetchSize)))
        #expect(await gate.asked(expecting: 2) == 2)

        await gate.open()
        await pair.served.waitForPendingWork()
        #expect(ListScreenState(pair.served) == expected)
        #expect(pair.served.searchText == "ma")
    }

    @Test("paging down while counting reads on past the rows known; the end is known once a read comes back short")
    func pagingWhileCounting() async throws {
        let pair = try await ListSourcePair(serving: { HeldTallyStore(base: $0) })
        let gate = try #require(pair.served.store as? HeldTallyStore).gate
        await gate.close()
        var (expected, shown) = await Self.rowsFirst(pair) { $0.searchTextChanged("a") }
        #expect(shown.rowCount == ServerWindow.fetchSize)
        // Down to the last row known, then a page on: the window reads after it.
        (expected, shown) = await Self.rowsFirst(pair) { $0.select(at: ServerWindow.fetchSize - 1) }
        #expect(shown == Self.pending(expected, rowsKnown: expected.rowCount))
        (expected, shown) = await Self.rowsFirst(pair) { $0.page(.down, pageSize: ListSourcePair.pageHeight) }
        #expect(shown == Self.pending(expected, rowsKnown: expected.rowCount))

        await gate.open()
        await pair.served.waitForPendingWork()
        #expect(ListScreenState(pair.served) == expected)
    }

    @Test("a search typed deep in the list shows the rows around the selected order at its old place, then where they stand")
    func deepSearchPlacedAfterwards() async throws {
        let pair = try await ListSourcePair(serving: { HeldTallyStore(base: $0) })
        let store = try #require(pair.served.store as? HeldTallyStore)
        await pair.expectSame("selecting row 205") { $0.select(at: 205) }
        await store.gate.close()
        await store.positions.close()
        let (expected, guessed) = await Self.rowsFirst(pair, placed: false) { $0.searchTextChanged("a") }
        // More than a page and a quarter of a window come before it: its place is not read yet, so
        // the rows around it stand at its old place, 205, the same order selected.
        let place = try #require(expected.selectedIndex)
        #expect(place < 205)
        #expect(guessed.selected == expected.selected)
        #expect(guessed.selectedIndex == 205)
        #expect(guessed.tabCounts == [:])
        #expect(guessed.summary == .counting(total: 400, marked: 0))
        #expect(pair.served.rowsHeld.contains(205))
        #expect(await store.positions.asked(expecting: 1) == 1)

        await store.positions.open()
        await Self.waitForRows(pair.served)
        // Placed: the in-memory list's screen, the counts pending (the rows read from it on reached the end).
        #expect(ListScreenState(pair.served) == Self.pending(expected, rowsKnown: expected.rowCount))

        await store.gate.open()
        await pair.served.waitForPendingWork()
        #expect(ListScreenState(pair.served) == expected)
        await pair.expectSame("the top, counted") { $0.selectFirst() }
    }

    @Test("a sort change under a search, the selected order deep in the list: the rows around it show at once, the counts kept, its place counted after")
    func sortChangeUnderASearchPlacedAfterwards() async throws {
        let pair = try await ListSourcePair(serving: { HeldTallyStore(base: $0) })
        let store = try #require(pair.served.store as? HeldTallyStore)
        await pair.expectSame("searching a") { $0.searchTextChanged("a") }
        await pair.expectSame("selecting row 205") { $0.select(at: 205) }
        await store.gate.close()
        await store.positions.close()
        let (expected, guessed) = await Self.rowsFirst(pair, placed: false) { $0.setSort(OrderSort(.total, ascending: false)) }
        // No new count: the search's counts are held, so the tabs, the header and the sums show at once.
        #expect(await store.gate.asked(expecting: 0) == 0)
        #expect(guessed.tabCounts == expected.tabCounts)
        #expect(guessed.summary == expected.summary)
        #expect(guessed.rowCount == expected.rowCount)
        #expect(guessed.selected == expected.selected)
        // More than a page and a quarter come before it, and the rows from it on fill a read: its place
        // is guessed, at its old place, 205, as far as the 200 rows read from it on leave room (398 − 200).
        #expect(expected.rowCount == 398)
        #expect(guessed.selectedIndex == 198)
        #expect(expected.selectedIndex != 198)
        #expect(await store.positions.asked(expecting: 1) == 1)
        await store.positions.open()
        await store.gate.open()
        await pair.served.waitForPendingWork()
        #expect(ListScreenState(pair.served) == expected)
        await pair.expectSame("the top") { $0.selectFirst() }
    }

    @Test("G while a search is counted goes to the real end once counted; a move meanwhile cancels it")
    func endWhileCounting() async throws {
        let pair = try await ListSourcePair(serving: { HeldTallyStore(base: $0) })
        let gate = try #require(pair.served.store as? HeldTallyStore).gate
        await gate.close()
        let (expected, shown) = await Self.rowsFirst(pair) { $0.searchTextChanged("a") }
        #expect(expected.rowCount > ServerWindow.fetchSize, "more matches than the first read")
        #expect(shown == Self.pending(expected, rowsKnown: ServerWindow.fetchSize))
        pair.served.selectLast()
        // The end is not known yet: nothing moves, the status bar says what will happen.
        #expect(ListScreenState(pair.served) == shown)
        #expect(pair.served.statusMessage == OrderListModel.goingToTheEnd)
        await gate.open()
        await pair.served.waitForPendingWork()
        pair.reference.selectLast()
        await pair.reference.waitForPendingWork()
        #expect(ListScreenState(pair.served) == ListScreenState(pair.reference))
        #expect(pair.served.selectedIndex == expected.rowCount - 1)
        #expect(pair.served.statusMessage == nil)

        // Waiting for the end, then moving: the move wins.
        await pair.expectSame("the top") { $0.selectFirst() }
        await gate.close()
        _ = await Self.rowsFirst(pair) { $0.searchTextChanged("e") }
        pair.served.selectLast()
        pair.served.moveSelection(by: 1)
        #expect(pair.served.statusMessage == nil)
        await gate.open()
        await pair.served.waitForPendingWork()
        pair.reference.moveSelection(by: 1)
        await pair.reference.waitForPendingWork()
        #expect(ListScreenState(pair.served) == ListScreenState(pair.reference))
    }
}
