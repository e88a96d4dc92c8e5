import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
import OrdersTestSupport
import Testing

/// The value parts the list model is a facade over, each on its own.
@Suite("Order list parts: query, pipeline, history")
struct ListPartsTests {
    static let now = OrderFixtures.now
    static let index = OrderIndex(OrderFixtures.sample)

    static func ids(_ slots: [OrderIndex.Slot]) -> [Int] { slots.map { index.id($0).number } }

    static func counts(_ all: Int, pending: Int = 0, processing: Int = 0, shipped: Int = 0, completed: Int = 0,
                       closed: Int = 0) -> [StatusTab: Int] {
        [.all: all, .pending: pending, .processing: processing, .shipped: shipped, .completed: completed, .closed: closed]
    }

    @Test("search text parses into filters; a malformed text keeps the last good filters with its error")
    func querySearchText() throws {
        var query = ListQuery()
        let calendar = OrderFixtures.utcCalendar
        let parsed = query.setSearchText("ana status:completed", now: Self.now, calendar: calendar, promise: nil)
        #expect(parsed)
        let good = query.searchFilters
        #expect(good == [OrderFilter(.text("ana")), OrderFilter(.status([.completed]))])
        let malformed = query.setSearchText("total>", now: Self.now, calendar: calendar, promise: nil)
        #expect(!malformed)
        #expect(query.searchText == "total>")
        #expect(query.searchFilters == good)
        #expect(query.queryError != nil)
        let cleared = query.setSearchText("", now: Self.now, calendar: calendar, promise: nil)
        #expect(cleared)
        #expect(query == ListQuery())
    }

    @Test("the store's query adds tab and toggles to the search, in the list's sort")
    func queryForStore() {
        var query = ListQuery(searchText: "ana", searchFilters: [OrderFilter(.text("ana"))], statusTab: .closed,
                              highValueOnly: true, flaggedOnly: true, sort: OrderSort(.total, ascending: false))
        #expect(query.orderQuery(highValueThreshold: 500) == OrderQuery(
            filters: [OrderFilter(.text("ana")), OrderFilter(.status([.cancelled, .refunded])),
                      OrderFilter(.highValue(threshold: 500)), OrderFilter(.flagged)],
            sort: OrderSort(.total, ascending: false)))
        #expect(!query.showsEveryMatch)
        query = ListQuery()
        #expect(query.orderQuery(highValueThreshold: 500) == OrderQuery(filters: [], sort: .default))
        #expect(query.showsEveryMatch)
    }

    @Test("typing one more letter refines; deleting one or adding an alternative does not")
    func refines() {
        let ana = [OrderFilter(.text("an"))]
        #expect(ListQuery.refines([OrderFilter(.text("ana"))], ana))
        #expect(!ListQuery.refines(ana, [OrderFilter(.text("ana"))]))
        #expect(ListQuery.refines([OrderFilter(.text("ana")), OrderFilter(.flagged)], ana))
        #expect(!ListQuery.refines([OrderFilter(.text("ana"), negated: true)], ana))
    }

    @Test("the pipeline: matched → ordered → visible, with counts per tab and sums of what is shown", arguments: [
        (ListQuery(), [5, 2, 3, 1, 4, 7, 6],
         counts(7, pending: 2, processing: 1, shipped: 1, completed: 1, closed: 2)),
        (ListQuery(searchFilters: [OrderFilter(.text("ana"))]), [4, 6], counts(2, completed: 1, closed: 1)),
        (ListQuery(statusTab: .pending, sort: OrderSort(.total, ascending: false)), [1, 7],
         counts(7, pending: 2, processing: 1, shipped: 1, completed: 1, closed: 2)),
        (ListQuery(flaggedOnly: true), [2, 6], counts(2, processing: 1, closed: 1)),
        (ListQuery(highValueOnly: true, sort: OrderSort(.id, ascending: true)), [2, 3, 6],
         counts(3, processing: 1, shipped: 1, closed: 1)),
    ])
    func pipeline(query: ListQuery, visible: [Int], tabCounts: [StatusTab: Int]) {
        let results = ListPipeline(query: query, index: Self.index, highValueThreshold: 1000)
        #expect(Self.ids(results.visible) == visible)
        #expect(results.tabCounts == tabCounts)
    }

    @Test("sums are exact per currency over the visible rows")
    func pipelineSums() {
        let results = ListPipeline(query: ListQuery(statusTab: .closed), index: Self.index, highValueThreshold: 1000)
        #expect(Self.ids(results.visible) == [5, 6])
        #expect(results.totalsByCurrency == ["USD": Decimal(string: "2999.99")!])
    }

    @Test("running the stages after a change gives the same result as computing from scratch")
    func stagesAgreeWithScratch() {
        var staged = ListPipeline(query: ListQuery(), index: Self.index, highValueThreshold: 1000)
        var query = ListQuery(searchFilters: [OrderFilter(.text("a"))])
        staged.match(query.searchFilters, in: Self.index)
        query.searchFilters = [OrderFilter(.text("an"))]
        staged.match(query.searchFilters, in: Self.index, refining: [OrderFilter(.text("a"))])
        query.sort = OrderSort(.customer, ascending: true)
        staged.order(in: Self.index, by: query.sort)
        query.statusTab = .closed
        staged.filter(in: Self.index, by: query, highValueThreshold: 1000)
        let scratch = ListPipeline(query: query, index: Self.index, highValueThreshold: 1000)
        #expect(Self.ids(staged.visible) == [6])
        #expect(Self.ids(scratch.visible) == Self.ids(staged.visible))
        #expect(staged.tabCounts == scratch.tabCounts)
        #expect(staged.totalsByCurrency == scratch.totalsByCurrency)
    }

    @Test("many matches take the order kept for every row, and come out as the matches sorted alone, ties by id",
          arguments: OrderSortKey.allCases)
    func manyMatchesFollowTheOrderOfEveryRow(key: OrderSortKey) {
        var index = OrderIndex(DemoDataGenerator(seed: 11, now: Self.now).orders(count: 400))
        for ascending in [true, false] {
            let sort = OrderSort(key, ascending: ascending)
            var staged = ListPipeline(query: ListQuery(sort: sort), index: index, highValueThreshold: 1000)
            // Each matches well over a sixteenth of the rows and not all of them (checked below).
            for search in ["an", "ma", "er", "li", "-ma", "-ana"] {
                let filters = [OrderFilter(.text(search.trimmingCharacters(in: ["-"])), negated: search.hasPrefix("-"))]
                staged.match(filters, in: index)
                staged.order(in: index, by: sort)
                let matches = index.evaluate(filters)
                #expect(matches.count > index.count / 16 && matches.count < index.count, "\(search): \(matches.count)")
                #expect(staged.ordered == index.orderedSlots(of: matches, sort: sort), "\(sort) \(search)")
            }
        }
        // A change to a row moves it at once: the kept order is taken again for the new generation.
        let sort = OrderSort(key, ascending: false)
        var staged = ListPipeline(query: ListQuery(sort: sort), index: index, highValueThreshold: 1000)
        staged.match([OrderFilter(.text("a"))], in: index)
        staged.order(in: index, by: sort)
        let slot = staged.ordered[staged.ordered.count / 2]
        index.setMutableFields(of: slot, status: .cancelled, flagged: true, tags: ["moved"], assignee: nil,
                               version: index.version(slot) + 1)
        staged.match([OrderFilter(.text("a"))], in: index)
        staged.order(in: index, by: sort)
        #expect(staged.ordered == index.orderedSlots(of: index.evaluate([OrderFilter(.text("a"))]), sort: sort))
    }

    static func change(_ number: Int, _ forward: OrderMutation, _ backward: OrderMutation) -> ActionRecord.Change {
        ActionRecord.Change(id: OrderID(number), forward: [forward], backward: [backward])
    }

    static func summary(_ records: [ActionRecord]) -> [String] {
        records.map { "\($0.serial) \($0.name) \($0.changes.map(\.id.number))" }
    }

    @Test("history: record, undo, redo; a new action forgets the redo stack")
    func history() {
        var history = ActionHistory()
        #expect(!history.canUndo && !history.canRedo)
        _ = history.record("flag", changes: [Self.change(1, .setFlagged(true), .setFlagged(false)),
                                             Self.change(2, .setFlagged(true), .setFlagged(false))])
        _ = history.record("tag vip", changes: [Self.change(1, .addTag("vip"), .removeTag("vip"))])
        #expect(Self.summary(history.undoStack) == ["1 flag [1, 2]", "2 tag vip [1]"])
        var replayed: [String] = []
        let undone = history.undo { replayed.append("undo \($0.name)"); return $0 }
        #expect(undone?.name == "tag vip")
        // Undo of "flag" reaches only order 2 (order 1 was changed meanwhile): redo keeps only that.
        _ = history.undo { record in
            replayed.append("undo \(record.name)")
            return ActionRecord(serial: record.serial, name: record.name, changes: record.changes.filter { $0.id.number == 2 })
        }
        #expect(replayed == ["undo tag vip", "undo flag"])
        #expect(Self.summary(history.undoStack) == [])
        #expect(Self.summary(history.redoStack) == ["2 tag vip [1]", "1 flag [2]"])
        _ = history.redo { $0 }
        #expect(Self.summary(history.undoStack) == ["1 flag [2]"])
        #expect(Self.summary(history.redoStack) == ["2 tag vip [1]"])
        _ = history.record("advance", changes: [Self.change(3, .setStatus(.processing), .setStatus(.pending))])
        #expect(Self.summary(history.undoStack) == ["1 flag [2]", "3 advance [3]"])
        #expect(Self.summary(history.redoStack) == [])
        #expect(history.undo { $0 }?.name == "advance")
        #expect(history.undo { $0 }?.name == "flag")
        #expect(history.undo { $0 } == nil, "nothing left")
    }

    @Test("history: a failed write leaves its record; a record left empty goes")
    func historyDrop() {
        var history = ActionHistory()
        _ = history.record("flag", changes: [Self.change(1, .setFlagged(true), .setFlagged(false)),
                                             Self.change(2, .setFlagged(true), .setFlagged(false))])
        _ = history.record("tag vip", changes: [Self.change(1, .addTag("vip"), .removeTag("vip"))])
        history.drop(OrderID(1), fromRecord: 1)
        #expect(Self.summary(history.undoStack) == ["1 flag [2]", "2 tag vip [1]"])
        history.drop(OrderID(1), fromRecord: 2)
        #expect(Self.summary(history.undoStack) == ["1 flag [2]"])
        history.drop(OrderID(2), fromRecord: 1)
        #expect(!history.canUndo)
    }
}

@Suite("Order list parts: the viewport")
@MainActor
struct ListViewportTests {
    @Test("follows the selection the least, clamps at both ends, and never traps", arguments: [
        (ListViewport(top: 0, height: 3), 4 as Int?, 10, 3, ListViewport(top: 2, height: 3)),
        (ListViewport(top: 2, height: 3), 3, 10, 3, ListViewport(top: 2, height: 3)),
        (ListViewport(top: 2, height: 3), 1, 10, 3, ListViewport(top: 1, height: 3)),
        (ListViewport(top: 8, height: 3), 9, 7, 3, ListViewport(top: 4, height: 3)),
        (ListViewport(top: 4, height: 3), 5, 7, 50, ListViewport(top: 0, height: 50)),
        (ListViewport(top: 4, height: 3), nil, 0, 3, ListViewport(top: 0, height: 3)),
        (ListViewport(top: 4, height: 3), 5, 10, 0, ListViewport(top: 4, height: 0)),
        (ListViewport(top: 1, height: 3), 2, 10, -1, ListViewport(top: 1, height: 0)),
    ])
    func following(viewport: ListViewport, selection: Int?, rowCount: Int, height: Int, expected: ListViewport) {
        #expect(viewport.following(selection, rowCount: rowCount, height: height) == expected)
    }

    @Test("the list moves its viewport when the selection moves, by the page height the app gives; reading it writes nothing")
    func modelViewport() async {
        let (model, _) = await PresentationFixtures.loadedModel()
        #expect(model.viewport(height: 3) == ListViewport(top: 0, height: 3))
        model.setPageHeight(3)
        model.select(at: 4)
        #expect(model.viewport(height: 3) == ListViewport(top: 2, height: 3))
        model.select(at: 3)
        #expect(model.viewport(height: 3) == ListViewport(top: 2, height: 3), "moving inside the page does not scroll")
        #expect(model.viewport(height: 1) == ListViewport(top: 3, height: 1), "a smaller height shows the selection")
        #expect(model.viewport(height: 3) == ListViewport(top: 2, height: 3), "…without moving what the list keeps")
        model.page(.down, pageSize: model.pageHeight)
        #expect(model.selectedIndex == 6)
        #expect(model.viewport(height: 3) == ListViewport(top: 4, height: 3))
        model.searchTextChanged("status:pending")
        #expect(model.viewport(height: 3) == ListViewport(top: 0, height: 3), "clamped when the rows shrink")
        model.setPageHeight(0)
        #expect(model.pageHeight == 0)
    }
}
