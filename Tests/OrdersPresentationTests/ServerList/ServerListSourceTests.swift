import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// The list served by PostgreSQL (above `serverListThreshold`, here 50 orders) shows the same
/// screens as the in-memory index over the same orders: tab counts and sums, each sort's first,
/// next and previous pages and its end, tabs and toggles, search typed letter by letter,
/// selection kept across changes, marks across window moves, and another operator's change.
@Suite("Order list served by the server: the same screens as the in-memory index")
@MainActor
struct ServerListSourceTests {
    @Test("opens on the server above the threshold, with the index's counts, sums and first page")
    func opensOnTheServer() async throws {
        let pair = try await ListSourcePair()
        #expect(pair.served.isServedByServer)
        #expect(!pair.reference.isServedByServer)
        #expect(pair.served.loadingState == .loaded)
        let (expected, actual) = await pair.both { _ in }
        #expect(actual == expected)
        #expect(actual.rowCount == 400)
        #expect(actual.summary.total == 400)
        #expect(actual.page.count == ListSourcePair.pageHeight)
        #expect(actual.selectedIndex == 0)
        // The window, not the orders, bounds what the served list holds.
        #expect(pair.served.rowsHeld.count <= ServerWindow.maximumRows)
        #expect(pair.served.rowsHeld.count < 400)
    }

    @Test("below the threshold a PostgreSQL list builds the in-memory index as before")
    func belowTheThreshold() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: connectionString)
        try await store.insert(Array(ListSourcePair.orders.prefix(40)))
        var environment = PresentationFixtures.environment()
        environment.serverListThreshold = 50
        let list = OrderListModel(store: store, environment: environment)
        list.load()
        await list.waitForPendingWork()
        #expect(!list.isServedByServer)
        #expect(list.rowCount == 40)
        #expect(list.rowsHeld == 0..<40)
    }

    @Test("every sort: first page, pages down and up, the end (G), back to the top", arguments: OrderSortKey.allCases)
    func sortsPageAlike(key: OrderSortKey) async throws {
        let pair = try await ListSourcePair()
        for ascending in [true, false] {
            let sort = OrderSort(key, ascending: ascending)
            await pair.expectSame("sorting by \(sort)") { $0.setSort(sort) }
            for step in 1...3 {
                await pair.expectSame("\(sort): page down \(step)") { $0.page(.down, pageSize: ListSourcePair.pageHeight) }
            }
            await pair.expectSame("\(sort): page up") { $0.page(.up, pageSize: ListSourcePair.pageHeight) }
            await pair.expectSame("\(sort): the end") { $0.selectLast() }
            for step in 1...2 {
                await pair.expectSame("\(sort): page up from the end \(step)") { $0.page(.up, pageSize: ListSourcePair.pageHeight) }
            }
            await pair.expectSame("\(sort): a jump to the middle") { $0.select(at: 205) }
            await pair.expectSame("\(sort): one row up from the middle") { $0.moveSelection(by: -1) }
            await pair.expectSame("\(sort): the top") { $0.selectFirst() }
        }
    }

    @Test("tabs and toggles count and show alike")
    func tabsAndToggles() async throws {
        let pair = try await ListSourcePair()
        for tab in StatusTab.allCases {
            await pair.expectSame("tab \(tab)") { $0.selectTab(tab) }
            await pair.expectSame("tab \(tab), the end") { $0.selectLast() }
        }
        await pair.expectSame("back to all") { $0.selectTab(.all) }
        await pair.expectSame("flagged only") { $0.setFlaggedOnly(true) }
        await pair.expectSame("flagged and high value") { $0.setHighValueOnly(true) }
        await pair.expectSame("high value only") { $0.setFlaggedOnly(false) }
    }

    @Test("a search typed letter by letter shows what the index shows after every letter")
    func searchLetterByLetter() async throws {
        let pair = try await ListSourcePair()
        let customer = try #require(ListSourcePair.orders[17].customerName.split(separator: " ").first)
        var typed = ""
        for letter in customer + " -status:shipped" {
            typed.append(letter)
            let text = typed
            await pair.expectSame("typing \"\(text)\"") { $0.searchTextChanged(text) }
        }
        #expect(pair.served.rowCount > 0)
        await pair.expectSame("clearing the search") { $0.searchTextChanged("") }
    }

    @Test("typing fast (no wait between letters) ends on the last letter's result")
    func searchTypedFast() async throws {
        let pair = try await ListSourcePair()
        let (expected, actual) = await pair.both { list in
            for text in ["m", "ma", "mar", "mari", "maria"] { list.searchTextChanged(text) }
        }
        #expect(actual == expected)
    }

    @Test("the selected order stays selected when the search, the tab or the sort changes")
    func selectionKept() async throws {
        let pair = try await ListSourcePair()
        await pair.expectSame("selecting row 37") { $0.select(at: 37) }
        let chosen = try #require(pair.served.selectedOrderID)
        let number = try #require(pair.served.row(at: 37)).idText
        await pair.expectSame("sorting by customer") { $0.setSort(OrderSort(.customer)) }
        #expect(pair.served.selectedOrderID == chosen)
        await pair.expectSame("searching its number") { $0.searchTextChanged(String(number.suffix(3))) }
        #expect(pair.served.selectedOrderID == chosen)
        await pair.expectSame("a search it does not match: the next row that still shows") { $0.searchTextChanged("zzzz") }
        await pair.expectSame("clearing the search") { $0.searchTextChanged("") }
    }

    @Test("marks survive moving far away and back, and count alike")
    func marksAcrossWindows() async throws {
        let pair = try await ListSourcePair()
        await pair.expectSame("marking the first two") { $0.toggleMark(); $0.moveSelection(by: 1); $0.toggleMark() }
        await pair.expectSame("the end") { $0.selectLast() }
        await pair.expectSame("marking the last") { $0.toggleMark() }
        await pair.expectSame("back to the top") { $0.selectFirst() }
        #expect(pair.served.markedIDs.count == 3)
        #expect(pair.served.row(at: 0)?.isMarked == true)
        await pair.expectSame("clearing the marks") { $0.clearMarks() }
    }

    @Test("the dashboard of a server-served list counts every order, not the rows the window holds")
    func dashboardCountsEveryOrder() async throws {
        let pair = try await ListSourcePair()
        var figures: [DashboardFigures] = []
        for list in [pair.reference, pair.served] {
            let dashboard = DashboardModel(list: list, promise: nil)
            dashboard.refresh()
            await dashboard.waitForRefresh()
            figures.append(try #require(dashboard.figures))
        }
        #expect(figures[1] == figures[0])
        #expect(pair.served.rowsHeld.count < ListSourcePair.orders.count)
    }

    @Test("another operator's change shows up with the counts, marked as recently changed, the selection kept")
    func liveChangeFromAnotherConnection() async throws {
        let pair = try await ListSourcePair()
        await pair.expectSame("selecting row 3") { $0.select(at: 3) }
        let selected = try #require(pair.served.selectedOrderID)
        let changedID = try #require(pair.served.row(at: 5)?.id)
        let stored = try await pair.servedStore.order(changedID)
        let before = try #require(stored)
        let target = try #require(before.status.allowedNextStatuses.first)
        let mutations: [OrderMutation] = [.setStatus(target), .setFlagged(!before.flagged)]
        let otherOperator = try PostgresOrderStore(connectionString: pair.connectionString)
        try await otherOperator.update(changedID, expectedVersion: before.version, mutations: mutations, actor: "lea")
        try await pair.referenceStore.update(changedID, expectedVersion: before.version, mutations: mutations, actor: "lea")
        try await pair.served.expectChangesHandled(1)
        try await pair.reference.expectChangesHandled(1)
        let (expected, actual) = await pair.both { _ in }
        #expect(actual == expected)
        #expect(actual.selected == selected)
        let position = try #require(pair.served.position(of: changedID))
        let row = try #require(pair.served.row(at: position))
        #expect(row.status == target)
        #expect(row.isFlagged == !before.flagged)
        #expect(row.isRecentlyChanged)
        await otherOperator.close()
    }
}
