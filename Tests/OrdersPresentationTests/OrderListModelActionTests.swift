import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

@Suite("Order list: optimistic actions, rollback, undo and redo, live changes")
@MainActor
struct OrderListModelActionTests {
    func stored(_ store: InMemoryOrderStore, _ number: Int) async throws -> Order {
        try #require(try await store.order(OrderID(number)))
    }

    @Test("an action changes the row at once and is then stored at the version the list saw")
    func optimisticThenStored() async throws {
        let (model, store) = await PresentationFixtures.loadedModel()
        model.select(id: OrderID(1))
        #expect(model.perform(.advance) == 1)
        #expect(try #require(model.row(at: 3)).status == .processing, "before any storage work ran")
        #expect(try await stored(store, 1).status == .pending)
        await model.waitForPendingWork()
        let order = try await stored(store, 1)
        #expect(order.status == .processing)
        #expect(order.version == 2)
        #expect(try await store.history(of: OrderID(1)).map(\.actor) == ["mia"])
        #expect(model.state == ListState(ids: [5, 2, 3, 1, 4, 7, 6], selected: 1))
        #expect(model.statusMessage == "advance: ORD-0000001")
        #expect(model.canUndo)
    }

    @Test("advance walks the workflow step by step and refuses final orders")
    func advanceSteps() async throws {
        let (model, store) = await PresentationFixtures.loadedModel()
        model.select(id: OrderID(1))
        for expected in [OrderStatus.processing, .shipped, .completed] {
            model.perform(.advance)
            await model.waitForPendingWork()
            #expect(try await stored(store, 1).status == expected)
        }
        #expect(model.perform(.advance) == 0)
        #expect(model.errorMessage == "advance: ORD-0000001: a completed order has no next step")
        model.select(id: OrderID(3))
        #expect(model.perform(.cancel) == 0)
        #expect(model.errorMessage == "cancel: ORD-0000003: a shipped order can only become completed")
    }

    @Test("a row that no longer matches the tab leaves it; the selection moves to its neighbour")
    func actionInsideTab() async {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.selectTab(.pending)
        #expect(model.state == ListState(ids: [1, 7], selected: 1))
        model.perform(.advance)
        #expect(model.state == ListState(ids: [7], selected: 7))
        #expect(model.tabCounts[.pending] == 1)
        #expect(model.tabCounts[.processing] == 2)
        await model.waitForPendingWork()
        #expect(model.state == ListState(ids: [7], selected: 7))
    }

    @Test("a conflicting concurrent update: the row shows the stored order and an error; nothing is overwritten")
    func conflictRefreshesRow() async throws {
        let (model, store) = await PresentationFixtures.loadedModel()
        // Another operator assigns the order to himself; this list has not heard about it.
        try await store.update(OrderID(1), expectedVersion: 1, mutations: [.setAssignee("noah")], actor: "noah")
        model.select(id: OrderID(1))
        model.perform(.assign("mia"))
        #expect(try #require(model.row(at: 3)).assignee == "mia", "optimistic")
        await model.waitForPendingWork()
        let row = try #require(model.row(at: 3))
        #expect(row.id == OrderID(1))
        #expect(row.assignee == "noah", "rolled back to what is stored")
        #expect(model.errorMessage == "assign to mia: Order ORD-0000001 was changed by someone else (version 1 → 2: assignee); nothing was overwritten.")
        let order = try await stored(store, 1)
        #expect(order.assignee == "noah")
        #expect(!model.canUndo, "the failed change is not in the undo history")
        model.searchTextChanged("assignee:noah")
        #expect(model.visibleNumbers == [1], "the refreshed row is searchable")
        // Retrying now works: the list has the current version.
        model.perform(.assign("mia"))
        await model.waitForPendingWork()
        #expect(try await stored(store, 1).assignee == "mia")
        model.dismissError()
        #expect(model.errorMessage == nil)
    }

    @Test("a concurrent change of another fact: the list's change lands on the latest version and both are kept")
    func changeOfAnotherFactLands() async throws {
        let (model, store) = await PresentationFixtures.loadedModel()
        // Another operator tags the order; this list has not heard about it, and flags it.
        try await store.update(OrderID(1), expectedVersion: 1, mutations: [.addTag("gift")], actor: "noah")
        model.select(id: OrderID(1))
        model.perform(.flag)
        await model.waitForPendingWork()
        #expect(model.errorMessage == nil)
        let order = try await stored(store, 1)
        #expect((order.flagged, order.tags, order.version) == (true, ["vip", "gift"], 3))
        #expect(try #require(model.row(at: model.position(of: OrderID(1))!)).isFlagged)
    }

    @Test("one failure in a bulk action rolls back only that order")
    func bulkPartialFailure() async throws {
        let (model, store) = await PresentationFixtures.loadedModel()
        // Another operator records #7's payment as failed (its workflow, which a cancellation reads); it stays pending.
        try await store.update(OrderID(7), expectedVersion: 1, mutations: [.setPayment(.failed)], actor: "noah")
        model.searchTextChanged("status:pending")
        model.markAllVisible()
        model.perform(.cancel)
        #expect(model.state == ListState(ids: [], selected: nil, marked: [1, 7]), "both left the pending search at once")
        await model.waitForPendingWork()
        #expect(model.state == ListState(ids: [7], selected: 7, marked: [1, 7],
                                         error: "cancel: Order ORD-0000007 was changed by someone else (version 1 → 2: payment); nothing was overwritten."))
        #expect(try await stored(store, 1).status == .cancelled)
        #expect(try await stored(store, 7).status == .pending)
        model.undo()
        await model.waitForPendingWork()
        #expect(try await stored(store, 1).status == .pending, "undo covers the order that was saved")
    }

    @Test("undo and redo of a bulk action, each persisted")
    func undoRedoBulk() async throws {
        let (model, store) = await PresentationFixtures.loadedModel()
        model.select(id: OrderID(1))
        model.toggleMark()
        model.select(id: OrderID(7))
        model.toggleMark()
        model.select(id: OrderID(2))
        model.toggleMark()
        #expect(model.perform(.addTag("vip")) == 2, "order 1 already has it")
        #expect(model.perform(.flag) == 2, "order 2 is already flagged")
        #expect(model.perform(.advance) == 3)
        await model.waitForPendingWork()
        #expect(try await stored(store, 2).status == .shipped)

        model.undo()
        #expect(try #require(model.row(at: model.position(of: OrderID(2))!)).status == .processing, "optimistic undo")
        await model.waitForPendingWork()
        for (number, status) in [(1, OrderStatus.pending), (7, .pending), (2, .processing)] {
            #expect(try await stored(store, number).status == status)
        }
        model.undo()
        await model.waitForPendingWork()
        #expect(try await stored(store, 1).flagged == false)
        #expect(try await stored(store, 2).flagged == true, "it was flagged before; undo leaves it")
        model.undo()
        await model.waitForPendingWork()
        #expect(try await stored(store, 1).tags == ["vip"], "it had vip before the tag action")
        #expect(try await stored(store, 7).tags == [])
        #expect(try await stored(store, 2).tags == [])
        #expect(!model.canUndo)
        #expect(model.canRedo)

        model.redo()
        model.redo()
        model.redo()
        await model.waitForPendingWork()
        #expect(try await stored(store, 7).tags == ["vip"])
        #expect(try await stored(store, 7).flagged)
        #expect(try await stored(store, 7).status == .processing)
        #expect(!model.canRedo)
        #expect(model.state == ListState(ids: [5, 2, 3, 1, 4, 7, 6], selected: 2, marked: [1, 2, 7]))
        let audit = try await store.history(of: OrderID(7)).map { "\($0.field):\($0.oldValue ?? "-")→\($0.newValue ?? "-")" }
        // Each undo is the store's undo of the version the action made (4, 3, 2), putting back the payment
        // the move to processing took as well; each redo is the action again.
        #expect(audit == ["tags:-→vip", "flagged:false→true", "status:pending→processing",
                          "undo:-→version 4", "status:processing→pending (undo)", "payment:paid→pending (undo)",
                          "undo:-→version 3", "flagged:true→false", "undo:-→version 2", "tags:vip→-",
                          "tags:-→vip", "flagged:false→true", "status:pending→processing"])
    }

    @Test("a status change re-sorts a list sorted by status (no stale ordering is reused)")
    func resortAfterStatusChange() async {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.setSort(OrderSort(.status, ascending: true))
        #expect(model.visibleNumbers == [1, 7, 2, 3, 4, 5, 6])
        model.select(id: OrderID(1))
        model.perform(.advance)
        #expect(model.state == ListState(ids: [7, 1, 2, 3, 4, 5, 6], selected: 1))
        model.setSort(.default)
        model.setSort(OrderSort(.status, ascending: true))
        #expect(model.visibleNumbers == [7, 1, 2, 3, 4, 5, 6])
        await model.waitForPendingWork()
        #expect(model.visibleNumbers == [7, 1, 2, 3, 4, 5, 6])
    }

    @Test("the flag toggle unflags only when every target is flagged")
    func toggleFlag() async {
        let (model, _) = await PresentationFixtures.loadedModel()
        model.select(id: OrderID(2))
        #expect(model.toggleFlagAction == .unflag)
        model.toggleMark()
        model.select(id: OrderID(1))
        model.toggleMark()
        #expect(model.toggleFlagAction == .flag, "order 1 is not flagged")
        model.perform(model.toggleFlagAction)
        #expect(model.toggleFlagAction == .unflag)
    }

    @Test("notes and assignment go through the same path and undo")
    func notesAndAssignment() async throws {
        let (model, store) = await PresentationFixtures.loadedModel()
        model.select(id: OrderID(3))
        model.perform(.assignToMe)
        model.perform(.addNote("Called the customer"))
        await model.waitForPendingWork()
        var order = try await stored(store, 3)
        #expect(order.assignee == "mia")
        #expect(order.notes.map(\.text) == ["Called the customer"])
        model.searchTextChanged("assignee:mia")
        #expect(model.visibleNumbers == [3, 7])
        model.undo()
        model.undo()
        await model.waitForPendingWork()
        order = try await stored(store, 3)
        #expect(order.assignee == nil)
        #expect(order.notes.isEmpty)
        #expect(model.visibleNumbers == [7])
    }

    @Test("a change made elsewhere merges into a search without losing the selection, marked as recent")
    func liveChangeWhileSearching() async throws {
        let clock = TestClock()
        let (model, store) = await PresentationFixtures.loadedModel(clock: clock)
        model.startObservingChanges()
        model.searchTextChanged("jose")
        model.toggleMark()
        #expect(model.state == ListState(ids: [1], selected: 1, marked: [1]))
        try await store.insert([OrderFixtures.order(8, customer: "José Pérez", hoursAgo: 0.1)])
        try await model.expectChangesHandled(1)
        #expect(model.state == ListState(ids: [8, 1], selected: 1, marked: [1]))
        #expect(try #require(model.row(at: 0)).isRecentlyChanged)
        #expect(!(try #require(model.row(at: 1)).isRecentlyChanged))
        #expect(model.summary.total == 8)

        try await store.update(OrderID(1), expectedVersion: 1, mutations: [.setStatus(.cancelled)], actor: "noah")
        try await model.expectChangesHandled(2)
        #expect(try #require(model.row(at: 1)).status == .cancelled)
        model.searchTextChanged("jose -status:cancelled")
        #expect(model.state == ListState(ids: [8], selected: 8, marked: [1]))

        clock.advance(by: 61)
        #expect(!(try #require(model.row(at: 0)).isRecentlyChanged), "the mark expires")
        model.pruneRecentChanges()
        #expect(model.nextRecentChangeExpiry == nil)

        // The list's own write comes back as a change too: it is not marked as someone else's.
        model.clearMarks()
        model.perform(.flag)
        await model.waitForPendingWork()
        try await model.expectChangesHandled(3)
        #expect(!(try #require(model.row(at: 0)).isRecentlyChanged))
        #expect(try #require(model.row(at: 0)).isFlagged)
    }
}
