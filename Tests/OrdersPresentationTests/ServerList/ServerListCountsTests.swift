import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// On a server-served list the tabs' counts and the sums cover every tab in any order, and on a
/// search each is a scan of the matches: a tab switch or a sort change keeps the ones held, and only
/// a change of the search or toggles (or a load, or a live change) asks the server to count again.
@Suite("Order list served by the server: counts asked for only when the search or toggles change")
@MainActor
struct ServerListCountsTests {
    @Test("a tab switch and a sort change keep the search's counts; another search counts again")
    func countsFollowTheFilters() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: connectionString)
        try await store.insert(ListSourcePair.orders)
        var environment = PresentationFixtures.environment()
        environment.serverListThreshold = 50
        let list = OrderListModel(store: store, environment: environment)
        list.setPageHeight(ListSourcePair.pageHeight)
        // Loaded without the change feed: a count the list holds changes only when it asks again.
        list.load()
        await list.waitForPendingWork()
        #expect(list.isServedByServer)
        list.searchTextChanged("a")
        await list.waitForPendingWork()
        let counted = list.tabCounts
        let matching = OrderQuery(filters: [OrderFilter(.text("a"))]).filter(ListSourcePair.orders)
        #expect(counted[.all] == matching.count)
        #expect(list.rowCount == matching.count)

        // Another operator adds a match, unheard by this list.
        var added = try #require(matching.first { $0.status == .pending })
        added.id = OrderID(9_001)
        added.number = "EXTRA-9001"
        try await PostgresOrderStore(connectionString: connectionString).insert([added])

        list.selectTab(.pending)
        await list.waitForPendingWork()
        #expect(list.tabCounts == counted)
        #expect(list.rowCount == counted[.pending])
        list.setSort(OrderSort(.total, ascending: false))
        await list.waitForPendingWork()
        #expect(list.tabCounts == counted)
        #expect(list.summary.shown == counted[.pending])

        // Another search is counted by the server: the added order is in it.
        list.searchTextChanged("")
        await list.waitForPendingWork()
        list.searchTextChanged("a")
        await list.waitForPendingWork()
        var recounted = counted
        recounted[.all, default: 0] += 1
        recounted[.pending, default: 0] += 1
        #expect(list.tabCounts == recounted)
        #expect(list.rowCount == recounted[.pending])
    }
}
