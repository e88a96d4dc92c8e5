import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// The contract every source of the list keeps, asserted alike against both: the indexed source
/// (a SQLite store below the serving threshold: every order's row in memory) and the served one
/// (PostgreSQL above it: a window at a time). The same orders, the same steps, the same expected
/// values, worked out from how the orders are made (`order(_:)`), never read from either source.
///
/// 900 orders, so the served window (at most `ServerWindow.maximumRows`, 600) cannot hold them
/// all and moving far away reads rows again.
@Suite("List sources keep one contract: rows for a range, counts, positions, marks, live changes")
@MainActor
struct ListSourceContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case indexedOverSQLite, servedByPostgreSQL
        var testDescription: String { rawValue }
    }

    static let orderCount = 900
    static let pageHeight = 10
    nonisolated static let firstNames = ["Ana", "Bruno", "Chen", "Dara", "Emil"]
    nonisolated static let statuses: [OrderStatus] = [.pending, .processing, .shipped, .completed, .cancelled, .refunded]

    /// Order `number` (1…900): created `number` hours ago, so the default sort (newest first) puts
    /// order n at position n − 1; total n dollars; status the (n − 1) mod 6th of `statuses`
    /// (pending, processing, shipped, completed, cancelled, refunded: 150 orders each); customer
    /// the (n − 1) mod 5th first name (180 orders each).
    nonisolated static func order(_ number: Int) -> Order {
        OrderFixtures.order(number, customer: firstNames[(number - 1) % 5] + " Lima", total: Decimal(number),
                                   hoursAgo: Double(number), status: statuses[(number - 1) % 6])
    }

    static let orders = (1...orderCount).map(order)

    /// A loaded list of `kind` over a database of its own holding `orders`, and a second writer to it
    /// (what another operator's `orders` does).
    final class Fixture {
        let list: OrderListModel
        let otherWriter: any OrderStore
        let close: () async -> Void

        @MainActor
        init(_ kind: Kind, clock: TestClock) async throws {
            var environment = PresentationFixtures.environment(clock: clock)
            environment.serverListThreshold = 500
            let store: any OrderStore
            switch kind {
            case .indexedOverSQLite:
                let path = try TemporaryDirectory.make().appendingPathComponent("orders.db").path
                let sqlite = try SQLiteOrderStore(path: path, now: { clock.now })
                try await sqlite.insert(ListSourceContractTests.orders)
                store = sqlite
                let other = try SQLiteOrderStore(path: path)
                otherWriter = other
                close = {}
            case .servedByPostgreSQL:
                let connectionString = try PostgresTestServer.shared.get().makeDatabase()
                let postgres = try PostgresOrderStore(connectionString: connectionString, now: { clock.now })
                try await postgres.insert(ListSourceContractTests.orders)
                store = postgres
                let other = try PostgresOrderStore(connectionString: connectionString)
                otherWriter = other
                close = { await other.close(); await postgres.close() }
            }
            list = OrderListModel(store: store, environment: environment)
            list.setPageHeight(ListSourceContractTests.pageHeight)
            list.start()
            await list.waitForPendingWork()
        }
    }

    /// The order numbers of the page the list shows now.
    static func page(_ list: OrderListModel) -> [Int] {
        let viewport = list.viewport(height: list.pageHeight)
        return (viewport.top..<viewport.top + viewport.height).compactMap { list.row(at: $0)?.id.number }
    }

    @Test("the rows of a range: the first page, a page far down, the end, and back", arguments: Kind.allCases)
    func rowsForARange(kind: Kind) async throws {
        let fixture = try await Fixture(kind, clock: TestClock())
        let list = fixture.list
        #expect(list.isServedByServer == (kind == .servedByPostgreSQL))
        #expect(list.rowCount == 900)
        #expect(Self.page(list) == Array(1...10))
        #expect(list.selectedOrderID == OrderID(1))
        // Position 850 is order 851; the page follows the selection down, so it ends there: 842…851.
        list.select(at: 850)
        await list.waitForPendingWork()
        #expect(Self.page(list) == Array(842...851))
        #expect(list.ids(in: 845..<848) == [846, 847, 848].map { OrderID($0) })
        // The last row is order 900; its page is the last ten: 891…900.
        list.selectLast()
        await list.waitForPendingWork()
        #expect(list.selectedIndex == 899)
        #expect(Self.page(list) == Array(891...900))
        list.selectFirst()
        await list.waitForPendingWork()
        #expect(Self.page(list) == Array(1...10))
        await fixture.close()
    }

    @Test("counts per tab and the sums of what is shown, for every tab", arguments: Kind.allCases)
    func countsPerTab(kind: Kind) async throws {
        let fixture = try await Fixture(kind, clock: TestClock())
        let list = fixture.list
        // 150 of each status; closed is cancelled and refunded: 300.
        let expectedTabs: [StatusTab: Int] = [.all: 900, .pending: 150, .processing: 150, .shipped: 150,
                                              .completed: 150, .closed: 300]
        #expect(list.tabCounts == expectedTabs)
        // 1 + 2 + … + 900 = 900 × 901 / 2 = 405,450 dollars.
        #expect(list.summary == ListSummary(shown: 900, total: 900, totalsByCurrency: ["USD": 405_450]))
        list.selectTab(.pending)
        await list.waitForPendingWork()
        // Pending are orders 1, 7, 13, … 895 (n ≡ 1 mod 6): 150 of them, summing 150 × (1 + 895) / 2 = 67,200.
        #expect(list.rowCount == 150)
        #expect(list.summary == ListSummary(shown: 150, total: 900, totalsByCurrency: ["USD": 67_200]))
        #expect(Self.page(list) == [1, 7, 13, 19, 25, 31, 37, 43, 49, 55])
        #expect(list.tabCounts == expectedTabs, "a tab narrows the rows, not the tabs' counts")
        // Bruno is the second name (n ≡ 2 mod 5): 180 orders, of which pending (n ≡ 1 mod 6) are
        // n ≡ 7 mod 30: 7, 37, … 877, 30 of them, summing 30 × (7 + 877) / 2 = 13,260.
        list.searchTextChanged("bruno")
        await list.waitForPendingWork()
        #expect(list.rowCount == 30)
        #expect(list.summary == ListSummary(shown: 30, total: 900, totalsByCurrency: ["USD": 13_260]))
        #expect(Self.page(list) == [7, 37, 67, 97, 127, 157, 187, 217, 247, 277])
        // Each status class mod 6 meets n ≡ 2 mod 5 once every 30: 30 per status, 60 closed.
        #expect(list.tabCounts == [.all: 180, .pending: 30, .processing: 30, .shipped: 30, .completed: 30, .closed: 60])
        await fixture.close()
    }

    @Test("positions of an order, and the selection kept by order across a sort and a search", arguments: Kind.allCases)
    func positions(kind: Kind) async throws {
        let fixture = try await Fixture(kind, clock: TestClock())
        let list = fixture.list
        list.select(at: 850)
        await list.waitForPendingWork()
        #expect(list.position(of: OrderID(851)) == 850)
        #expect(list.selectedOrderID == OrderID(851))
        // Oldest first: order n at position 900 − n, so order 851 at 49.
        list.setSort(OrderSort(.date, ascending: true))
        await list.waitForPendingWork()
        #expect(list.selectedOrderID == OrderID(851))
        #expect(list.selectedIndex == 49)
        #expect(list.position(of: OrderID(851)) == 49)
        // Order 851 is Ana (851 − 1 = 850 ≡ 0 mod 5) and stays selected under "ana"; Ana's orders are
        // n ≡ 1 mod 5, oldest first 896, 891, … so 851 is the tenth: position 9.
        list.searchTextChanged("ana")
        await list.waitForPendingWork()
        #expect(list.selectedOrderID == OrderID(851))
        #expect(list.selectedIndex == 9)
        // Not shown under "bruno", and no Ana order is Bruno's, so no row around it still shows: the
        // same position, 9. Bruno's orders oldest first are 897, 892, … so the tenth is 897 − 9 × 5 = 852.
        list.searchTextChanged("bruno")
        await list.waitForPendingWork()
        #expect(list.selectedOrderID == OrderID(852))
        #expect(list.selectedIndex == 9)
        // Back to "ana": 852 is not Ana's, and the rows after it under "bruno" (847, 842, …) are not
        // either: position 9 again, Ana's tenth oldest, 851.
        list.searchTextChanged("ana")
        await list.waitForPendingWork()
        #expect(list.selectedOrderID == OrderID(851))
        #expect(list.selectedIndex == 9)
        await fixture.close()
    }

    @Test("marks: one here, one far away, every row of a tab, kept across moves, cleared", arguments: Kind.allCases)
    func marks(kind: Kind) async throws {
        let fixture = try await Fixture(kind, clock: TestClock())
        let list = fixture.list
        list.toggleMark()
        list.select(at: 850)
        await list.waitForPendingWork()
        list.toggleMark()
        list.selectFirst()
        await list.waitForPendingWork()
        #expect(list.markedIDs == [OrderID(1), OrderID(851)])
        #expect(list.markedCount == 2)
        #expect(list.row(at: 0)?.isMarked == true)
        #expect(list.row(at: 1)?.isMarked == false)
        #expect(list.isMarked(OrderID(851)))
        #expect(list.actionTargets == [OrderID(1), OrderID(851)])
        // Every shown order of the completed tab (n ≡ 4 mod 6: 4, 10, … 898, 150 of them), with the two marked before.
        list.selectTab(.completed)
        await list.waitForPendingWork()
        list.markAllVisible()
        await list.waitForPendingWork()
        let completed = stride(from: 4, through: 898, by: 6).map { OrderID($0) }
        #expect(list.markedIDs == ([OrderID(1)] + completed + [OrderID(851)]).sorted())
        #expect(list.markedCount == 152)
        #expect(list.summary.marked == 152)
        list.clearMarks()
        #expect(list.markedIDs == [])
        #expect(list.markedCount == 0)
        await fixture.close()
    }

    @Test("a live change from another writer: the row, the counts, the selection kept", arguments: Kind.allCases)
    func liveChange(kind: Kind) async throws {
        let clock = TestClock()
        let fixture = try await Fixture(kind, clock: clock)
        let list = fixture.list
        list.select(at: 4)
        await list.waitForPendingWork()
        // Order 3 is shipped (3 − 1 = 2: the third status); another operator completes and flags it.
        let before = try #require(try await fixture.otherWriter.order(OrderID(3)))
        #expect(before.status == .shipped)
        try await fixture.otherWriter.update(OrderID(3), expectedVersion: before.version,
                                             mutations: [.setStatus(.completed), .setFlagged(true)], actor: "lea")
        try await list.expectChangesHandled(1)
        await list.waitForPendingWork()
        let row = try #require(list.row(at: 2))
        #expect(row.id == OrderID(3))
        #expect(row.status == .completed)
        #expect(row.isFlagged)
        #expect(row.isRecentlyChanged)
        #expect(list.tabCounts == [.all: 900, .pending: 150, .processing: 150, .shipped: 149, .completed: 151, .closed: 300])
        #expect(list.selectedOrderID == OrderID(5))
        #expect(list.selectedIndex == 4)
        #expect(Self.page(list) == Array(1...10))
        // On the shipped tab it is gone: shipped are 3, 9, 15, … so the tab now starts at 9.
        list.selectTab(.shipped)
        await list.waitForPendingWork()
        #expect(list.rowCount == 149)
        #expect(Self.page(list) == [9, 15, 21, 27, 33, 39, 45, 51, 57, 63])
        await fixture.close()
    }
}
