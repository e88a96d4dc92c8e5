import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
import Testing

@Suite("Order list: search, query language, tabs, sort, selection survival")
@MainActor
struct OrderListModelSearchTests {
    nonisolated static let searches: [(query: String, ids: [Int])] = [
        ("jose", [1]), ("JOSÉ", [1]), ("garcia", [1]), ("muller", [2]), ("Mueller", []), ("jurgen", [2]),
        ("山田", [3]), ("太郎", [3]), ("抹茶", [3]), ("matcha", [3]), ("tea-9", [3]), ("ana lima", [4, 6]),
        ("\"ana lima\"", [4, 6]), ("zoe", [5]), ("adams.example", [5]), ("ord-0000007", [7]), ("0000007", [7]),
        ("status:pending", [1, 7]), ("status:pending,shipped", [3, 1, 7]), ("-status:cancelled,refunded", [2, 3, 1, 4, 7]),
        ("total>1000", [2, 3, 6]), ("total<100", [4, 7]), ("total>999.98 total<1000", [5]), ("flagged", [2, 6]),
        ("-flagged", [5, 3, 1, 4, 7]), ("tag:vip", [1, 6]), ("-tag:vip", [5, 2, 3, 4, 7]), ("customer:lima", [4, 6]),
        ("customer:\"ana lima\" -flagged", [4]), ("country:br", [4, 6]), ("assignee:MIA", [7]), ("assignee:none", [5, 2, 3, 1, 4, 6]),
        ("since:3h", [5, 2]), ("before:2026-09-20", [4, 7, 6]), ("-ana", [5, 2, 3, 1, 7]), ("lamp -jose -ana", [5, 2, 7]),
    ]

    @Test("search and query terms show exactly the matching orders, newest first", arguments: searches)
    func search(_ query: String, _ ids: [Int]) async {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.searchTextChanged(query)
        #expect(model.queryError == nil)
        #expect(model.visibleNumbers == ids)
        #expect(model.rowCount == ids.count)
        #expect(model.selectedOrderID?.number == ids.first)
    }

    @Test("matched parts of the customer name are exposed for highlighting")
    func highlights() async throws {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.searchTextChanged("jose garc")
        #expect(try #require(model.row(at: 0)).customerHighlights == [0..<4, 5..<9])
        model.searchTextChanged("山田")
        #expect(try #require(model.row(at: 0)).customerHighlights == [0..<2])
        model.searchTextChanged("customer:lima")
        #expect(try #require(model.row(at: 0)).customerHighlights == [4..<8])
        model.searchTextChanged("-jose ana")
        #expect(model.visibleNumbers == [4, 6])
        #expect(try #require(model.row(at: 0)).customerHighlights == [0..<3], "a negated word is not highlighted")
    }

    @Test("a malformed query shows an error and keeps the last good result")
    func malformedQueryKeepsResult() async {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.searchTextChanged("status:pending")
        model.moveSelection(by: 1)
        model.searchTextChanged("status:pending total>")
        #expect(model.queryError == SearchQueryError(message: "total> needs an amount", token: "total>", position: 15))
        #expect(model.state == ListState(ids: [1, 7], selected: 7))
        #expect(model.searchText == "status:pending total>")
        model.searchTextChanged("status:pending total>100")
        #expect(model.queryError == nil)
        #expect(model.state == ListState(ids: [1], selected: 1))
    }

    @Test("a pasted paragraph is refused at once (bounded parse) and keeps the last good result")
    func overlongQueriesAreRefused() async {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.searchTextChanged("status:pending")
        let terms = (1...33).map { "w\($0)" }
        model.searchTextChanged("status:pending " + terms.joined(separator: " "))
        #expect(model.queryError == SearchQueryError(message: "a search takes at most 32 terms, this one has 34",
                                                     token: "w32", position: 15 + 9 * 3 + 22 * 4))
        #expect(model.state == ListState(ids: [1, 7], selected: 1))
        model.searchTextChanged(String(repeating: "lamp ", count: 200_000))
        #expect(model.queryError == SearchQueryError(message: "a search is at most 1000 characters long", token: "",
                                                     position: 1_000))
        #expect(model.state == ListState(ids: [1, 7], selected: 1))
        model.searchTextChanged(Array(repeating: "lamp", count: 32).joined(separator: " "))
        #expect(model.queryError == nil, "32 terms are fine")
    }

    @Test("status tabs and toggles narrow the search; counts follow the search")
    func tabsAndToggles() async {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.searchTextChanged("-zoe")
        #expect(model.tabCounts == [.all: 6, .pending: 2, .processing: 1, .shipped: 1, .completed: 1, .closed: 1])
        model.selectTab(.pending)
        #expect(model.state == ListState(ids: [1, 7], selected: 1))
        model.selectTab(.closed)
        #expect(model.state == ListState(ids: [6], selected: 6))
        model.selectTab(.all)
        model.setFlaggedOnly(true)
        #expect(model.state == ListState(ids: [2, 6], selected: 6))
        #expect(model.tabCounts == [.all: 2, .pending: 0, .processing: 1, .shipped: 0, .completed: 0, .closed: 1])
        model.setFlaggedOnly(false)
        model.setHighValueOnly(true)
        #expect(model.visibleNumbers == [2, 3, 6])
        #expect(model.query == OrderQuery(filters: [OrderFilter(.text("zoe"), negated: true),
                                                    OrderFilter(.highValue(threshold: 1000))]))
        #expect(model.summary == ListSummary(shown: 3, total: 7, marked: 0, totalsByCurrency: ["USD": 3500, "JPY": 12000]))
    }

    nonisolated static let sorts: [(OrderSort, [Int])] = [
        (OrderSort(.total, ascending: true), [4, 7, 1, 5, 2, 6, 3]),
        (OrderSort(.total, ascending: false), [3, 6, 2, 5, 1, 4, 7]),
        (OrderSort(.customer, ascending: true), [4, 6, 7, 1, 2, 5, 3]),
        (OrderSort(.customer, ascending: false), [3, 5, 2, 1, 7, 4, 6]),
        (OrderSort(.status, ascending: true), [1, 7, 2, 3, 4, 5, 6]),
        (OrderSort(.status, ascending: false), [6, 5, 4, 3, 2, 1, 7]),
        (OrderSort(.items, ascending: false), [1, 2, 3, 4, 5, 6, 7]),
        (OrderSort(.id, ascending: false), [7, 6, 5, 4, 3, 2, 1]),
        (OrderSort(.date, ascending: true), [6, 4, 7, 1, 3, 2, 5]),
        (OrderSort(.date, ascending: false), [5, 2, 3, 1, 4, 7, 6]),
    ]

    @Test("sorting is stable: equal keys keep ascending id in both directions", arguments: sorts)
    func sorting(_ sort: OrderSort, _ ids: [Int]) async {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.select(id: OrderID(3))
        model.setSort(sort)
        #expect(model.sort == sort)
        #expect(model.visibleNumbers == ids)
        #expect(model.selectedOrderID == OrderID(3), "the selection follows its order")
    }

    @Test("choosing a column sorts by it; choosing it again flips the direction")
    func sortByColumn() async {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.sort(by: .customer)
        #expect(model.sort == OrderSort(.customer, ascending: true))
        model.sort(by: .customer)
        #expect(model.sort == OrderSort(.customer, ascending: false))
        model.sort(by: .total)
        #expect(model.sort == OrderSort(.total, ascending: false))
    }

    @Test("the selection survives re-filtering, or moves to the nearest remaining row")
    func selectionSurvival() async {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.select(id: OrderID(3))
        model.searchTextChanged("-status:shipped")
        #expect(model.state == ListState(ids: [5, 2, 1, 4, 7, 6], selected: 1))
        model.searchTextChanged("lamp")
        #expect(model.state == ListState(ids: [5, 2, 1, 4, 7, 6], selected: 1))
        model.select(id: OrderID(6))
        model.searchTextChanged("-flagged")
        #expect(model.state == ListState(ids: [5, 3, 1, 4, 7], selected: 7), "nothing after it: the one before")
        model.searchTextChanged("nobody-has-this")
        #expect(model.state == ListState(ids: [], selected: nil))
        model.searchTextChanged("")
        #expect(model.state == ListState(ids: [5, 2, 3, 1, 4, 7, 6], selected: 5))
    }

    @Test("marks: toggle, all visible, clear; they survive searching")
    func marks() async {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.toggleMark()
        model.moveSelection(by: 2)
        model.toggleMark()
        #expect(model.state == ListState(ids: [5, 2, 3, 1, 4, 7, 6], selected: 3, marked: [3, 5]))
        #expect(model.actionTargets == [OrderID(3), OrderID(5)])
        model.searchTextChanged("status:pending")
        model.markAllVisible()
        #expect(model.state == ListState(ids: [1, 7], selected: 1, marked: [1, 3, 5, 7]))
        model.toggleMark()
        #expect(model.state == ListState(ids: [1, 7], selected: 1, marked: [3, 5, 7]))
        #expect(model.summary.marked == 3)
        #expect(try! #require(model.row(at: 0)).isMarked == false)
        #expect(try! #require(model.row(at: 1)).isMarked)
        model.clearMarks()
        #expect(model.state == ListState(ids: [1, 7], selected: 1, marked: []))
        #expect(model.actionTargets == [OrderID(1)])
    }
}
