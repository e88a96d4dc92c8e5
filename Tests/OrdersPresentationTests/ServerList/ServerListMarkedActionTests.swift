import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// An action on a server-served list applies to every marked order, also those marked on a page
/// the window no longer holds: they are read from the server first, then changed, written and
/// undone as the in-memory list (the reference, over the same orders) does with every order held.
@Suite("Order list served by the server: actions on marked orders the window does not hold")
@MainActor
struct ServerListMarkedActionTests {
    /// Marks the first `count` rows of the first page that `accepting` accepts, then goes to the end (G).
    private func markFirstPageAndEnd(of list: OrderListModel, count: Int, accepting: (OrderRow) -> Bool) throws -> [OrderID] {
        var marked: [OrderID] = []
        for position in 0..<ListSourcePair.pageHeight where marked.count < count {
            let row = try #require(list.row(at: position))
            guard accepting(row) else { continue }
            list.select(at: position)
            list.toggleMark()
            marked.append(row.id)
        }
        try #require(marked.count == count, "the first page has \(count) rows to mark")
        list.selectLast()
        return marked
    }

    /// Marks the row nearest the end that `accepting` accepts.

    private func markAtEnd(_ list: OrderListModel, accepting: (OrderRow) -> Bool) throws -> OrderID {
        let position = try #require(list.rowsHeld.reversed().first { list.row(at: $0).map(accepting) ?? false },
                                    "the rows held at the end have one to mark")
        list.select(at: position)
        list.toggleMark()
        return try #require(list.row(at: position)).id
    }

    private static func advanceable(_ row: OrderRow) -> Bool { row.status.nextStep != nil }

    private func statuses(_ ids: [OrderID], in store: some OrderStore) async throws -> [OrderID: OrderStatus] {
        var statuses: [OrderID: OrderStatus] = [:]
        for id in ids { statuses[id] = try #require(try await store.order(id)).status }
        return statuses
    }

    @Test("marked on the first page, acted on at the end: every marked order advances, one undo takes all back")
    func actionOnMarksOutsideTheWindow() async throws {
        let pair = try await ListSourcePair()
        let served = pair.served
        let firstPage = try markFirstPageAndEnd(of: served, count: 3, accepting: Self.advanceable)
        await served.waitForPendingWork()
        let atEnd = try markAtEnd(served, accepting: Self.advanceable)
        let marked = (firstPage + [atEnd]).sorted()
        // The same marks on the in-memory list, which holds every order.
        for id in marked { #expect(pair.reference.select(id: id)); pair.reference.toggleMark() }
        pair.reference.selectLast()
        #expect(pair.reference.select(id: atEnd))
        await pair.reference.waitForPendingWork()
        #expect(served.markedIDs == marked)
        #expect(pair.reference.markedIDs == marked)
        for id in firstPage { #expect(served.position(of: id) == nil, "\(id) is not held after G") }
        #expect(served.position(of: atEnd) != nil)

        let before = try await statuses(marked, in: pair.servedStore)
        let expected = try before.mapValues { try #require($0.nextStep) }
        #expect(served.perform(.advance) == 0)
        #expect(served.isReadingOrdersOutsideWindow)
        #expect(served.statusMessage == "Reading 3 orders not on screen…")
        // A second action while they are read is refused, never interleaved.
        #expect(served.perform(.flag) == 0)
        #expect(served.errorMessage == "flag: orders not on screen are still being read; nothing was done, try again")
        await served.waitForPendingWork()
        #expect(pair.reference.perform(.advance) == 4)
        await pair.reference.waitForPendingWork()

        #expect(try await statuses(marked, in: pair.servedStore) == expected)
        #expect(try await statuses(marked, in: pair.referenceStore) == expected)
        #expect(served.statusMessage == "advance: 4 orders")
        #expect(served.errorMessage == nil)
        let record = try #require(served.history.undoStack.last)
        #expect(served.history.undoStack.count == 1)
        #expect(record.name == "advance")
        #expect(record.changes.map(\.id) == marked)
        #expect(record.changes.map(\.forward) == marked.map { [.setStatus(expected[$0]!)] })
        // Nothing was flagged by the refused second action.
        for id in marked { #expect(try await pair.servedStore.order(id)?.flagged == pair.referenceStore.order(id)?.flagged) }
        // The window read again: the same screen as the in-memory list, marks kept, rows outside it gone.
        let (expectedScreen, actualScreen) = await pair.both { _ in }
        #expect(actualScreen == expectedScreen)
        #expect(served.markedIDs == marked)
        for id in firstPage { #expect(served.position(of: id) == nil) }
        #expect(served.rowsOutsideWindow.isEmpty)
        #expect(served.index.count == served.rowsHeld.count)

        served.undo()
        await served.waitForPendingWork()
        pair.reference.undo()
        await pair.reference.waitForPendingWork()
        #expect(try await statuses(marked, in: pair.servedStore) == before)
        #expect(try await statuses(marked, in: pair.referenceStore) == before)
        #expect(served.statusMessage == "Undone: advance")
        #expect(served.errorMessage == nil)
        #expect(!served.canUndo && served.canRedo)
        let (undoneExpected, undoneActual) = await pair.both { _ in }
        #expect(undoneActual == undoneExpected)

        served.redo()
        await served.waitForPendingWork()
        #expect(try await statuses(marked, in: pair.servedStore) == expected)
        #expect(served.statusMessage == "Redone: advance")
    }

    @Test("a marked order another operator changed since it was marked is refused with its new state; the rest go ahead")
    func changedByAnotherOperatorIsRefused() async throws {
        let pair = try await ListSourcePair()
        let served = pair.served
        let firstPage = try markFirstPageAndEnd(of: served, count: 3, accepting: Self.advanceable)
        await served.waitForPendingWork()
        for id in firstPage { #expect(served.position(of: id) == nil) }
        let changedID = firstPage[1]
        let stored = try #require(try await pair.servedStore.order(changedID))
        let otherOperator = try PostgresOrderStore(connectionString: pair.connectionString)
        let changed = try await otherOperator.update(changedID, expectedVersion: stored.version,
                                                     mutations: [.setFlagged(!stored.flagged)], actor: "lea")
        try await served.expectChangesHandled(1)
        await served.waitForPendingWork()

        let before = try await statuses(firstPage, in: pair.servedStore)
        served.perform(.advance)
        await served.waitForPendingWork()

        let goneAhead = [firstPage[0], firstPage[2]].sorted()
        var expected = before
        for id in goneAhead { expected[id] = before[id]?.nextStep }
        #expect(try await statuses(firstPage, in: pair.servedStore) == expected)
        let now = try #require(try await pair.servedStore.order(changedID))
        #expect(now.version == changed.version)
        #expect(now.flagged == !stored.flagged)
        #expect(served.statusMessage == "advance: 2 orders")
        #expect(served.errorMessage == "advance: \(served.numberText(of: changedID)) was changed by someone else since you "
            + "marked it (now \(served.formatter.label(stored.status))); nothing was done, do it again to apply it to its new state")
        let record = try #require(served.history.undoStack.last)
        #expect(record.changes.map(\.id) == goneAhead)
        #expect(served.markedIDs == firstPage.sorted())

        // Doing it again applies it to the new state (the refusal showed it); the others advance once more.
        served.perform(.advance, on: [changedID])
        await served.waitForPendingWork()
        #expect(try await pair.servedStore.order(changedID)?.status == stored.status.nextStep)
        #expect(served.errorMessage == nil)
        await otherOperator.close()
    }

    @Test("the flag toggle judges every marked order: one held and flagged, the others outside the window not, flags all")
    func flagToggleJudgesEveryMark() async throws {
        let pair = try await ListSourcePair()
        let served = pair.served
        let firstPage = try markFirstPageAndEnd(of: served, count: 2, accepting: { !$0.isFlagged })
        await served.waitForPendingWork()
        let atEnd = try markAtEnd(served, accepting: { _ in true })
        if try #require(try await pair.servedStore.order(atEnd)).flagged == false {
            served.perform(.flag, on: [atEnd])
            await served.waitForPendingWork()
        }
        let marked = (firstPage + [atEnd]).sorted()
        #expect(served.markedIDs == marked)

        var chosen: OrderAction?
        var readButNotShown: [OrderID] = []
        let shownBefore = served.visibleIDs
        served.whenTargetsHeld(for: "flag") {
            // The rows read are held outside the window: acted on, never shown.
            readButNotShown = firstPage.filter { served.rowsOutsideWindow[$0] != nil && served.position(of: $0) == nil }
            #expect(served.visibleIDs == shownBefore)
            chosen = served.toggleFlagAction
            served.perform(served.toggleFlagAction)
        }
        #expect(chosen == nil)
        #expect(served.statusMessage == "Reading 2 orders not on screen…")
        await served.waitForPendingWork()
        #expect(readButNotShown == firstPage)
        #expect(chosen == .flag)
        for id in marked { #expect(try await pair.servedStore.order(id)?.flagged == true, "\(id) flagged") }
        #expect(served.statusMessage == "flag: 2 orders")

        // Now every marked order is flagged: the toggle unflags them all.
        served.whenTargetsHeld(for: "flag") {
            chosen = served.toggleFlagAction
            served.perform(served.toggleFlagAction)
        }
        await served.waitForPendingWork()
        #expect(chosen == .unflag)
        for id in marked { #expect(try await pair.servedStore.order(id)?.flagged == false, "\(id) unflagged") }
        #expect(served.statusMessage == "unflag: 3 orders")
    }

    @Test("a marked order the database no longer has is refused by its number; the others go ahead")
    func deletedMarkIsRefusedByName() async throws {
        let pair = try await ListSourcePair()
        let served = pair.served
        let numbers = Dictionary(uniqueKeysWithValues: (0..<ListSourcePair.pageHeight).compactMap { served.row(at: $0) }
            .map { ($0.id, $0.idText) })
        let firstPage = try markFirstPageAndEnd(of: served, count: 2, accepting: Self.advanceable)
        await served.waitForPendingWork()
        let deleted = firstPage[0], kept = firstPage[1]
        let deletedNumber = try #require(numbers[deleted]), keptNumber = try #require(numbers[kept])
        let connection = try PostgresConnection(connectionString: pair.connectionString)
        _ = try connection.execute("DELETE FROM orders WHERE id = $1", [String(deleted.number)])
        try await served.expectChangesHandled(1)
        await served.waitForPendingWork()
        let before = try #require(try await pair.servedStore.order(kept)).status

        served.perform(.advance)
        await served.waitForPendingWork()
        #expect(try await pair.servedStore.order(deleted) == nil)
        #expect(try await pair.servedStore.order(kept)?.status == before.nextStep)
        #expect(served.errorMessage == "advance: \(deletedNumber) is no longer in the database")
        #expect(served.statusMessage == "advance: \(keptNumber)")
        #expect(served.history.undoStack.last?.changes.map(\.id) == [kept])
    }

    @Test("moving back to the top while the writes run loses none of them, and undo still takes every one back")
    func windowMovesDuringTheWrites() async throws {
        let pair = try await ListSourcePair()
        let served = pair.served
        let firstPage = try markFirstPageAndEnd(of: served, count: 3, accepting: Self.advanceable)
        await served.waitForPendingWork()
        let atEnd = try markAtEnd(served, accepting: Self.advanceable)
        let marked = (firstPage + [atEnd]).sorted()
        let before = try await statuses(marked, in: pair.servedStore)
        let expected = try before.mapValues { try #require($0.nextStep) }

        // G's rows leave the window while their writes may still be under way.
        served.whenTargetsHeld(for: "advance") {
            served.perform(.advance)
            served.selectFirst()
        }
        await served.waitForPendingWork()
        #expect(try await statuses(marked, in: pair.servedStore) == expected)
        #expect(served.statusMessage == "advance: 4 orders")
        #expect(served.errorMessage == nil)
        #expect(served.history.undoStack.last?.changes.map(\.id) == marked)
        #expect(served.position(of: atEnd) == nil)
        #expect(served.markedIDs == marked)

        served.undo()
        served.selectLast()
        await served.waitForPendingWork()
        #expect(try await statuses(marked, in: pair.servedStore) == before)
        #expect(served.statusMessage == "Undone: advance")
        #expect(served.errorMessage == nil)
        #expect(served.rowsOutsideWindow.isEmpty)
    }

    @Test("the store reads the rows of the ids asked, those it has, once each, in id order and in batches, as the index makes them")
    func listRowsByID() async throws {
        let store = try PostgresOrderStore(connectionString: try PostgresTestServer.shared.get().makeDatabase())
        let orders = Array(ListSourcePair.orders.prefix(60))
        try await store.insert(orders)
        let asked = stride(from: 59, through: 0, by: -3).map { orders[$0].id } + [orders[2].id, OrderID(9_999_999)]
        let expected = orders.filter { asked.contains($0.id) }.sorted { $0.id < $1.id }.map(OrderIndexRow.init)
        #expect(expected.count == 20)
        #expect(try await store.listRows(ids: asked) == expected)
        #expect(try await store.database.indexRows(ids: asked, batchSize: 7) == expected)
        #expect(try await store.listRows(ids: []) == [])
        #expect(try await store.listRows(ids: [OrderID(9_999_999)]) == [])
    }

    @Test("an order opened on the detail that the window does not hold is acted on, written and undone like a held one")
    func detailActionOnAnOrderOutsideTheWindow() async throws {
        let pair = try await ListSourcePair()
        let served = pair.served
        // An order the first window does not hold and that can advance, as opened from a customer's
        // other orders or by its number.
        let held = Set(served.rowsHeld.compactMap { served.row(at: $0)?.id })
        let candidate = ListSourcePair.orders.sorted { $0.id < $1.id }.first { order in
            !held.contains(order.id) && order.status.nextStep != nil
        }
        let outside = try #require(candidate).id
        let before = try #require(await pair.servedStore.order(outside))
        let next = try #require(before.status.nextStep)
        let detail = OrderDetailModel(orderID: outside, list: served)
        detail.load()
        await detail.waitForPendingWork()
        detail.perform(.advance)
        await detail.waitForPendingWork()
        await served.waitForPendingWork()
        #expect(detail.errorMessage == nil)
        #expect(served.errorMessage == nil)
        #expect(served.statusMessage == "advance: \(served.numberText(of: outside))")
        #expect(try await pair.servedStore.order(outside)?.status == next)
        #expect(detail.order?.status == next)
        // Never shown as a row of the list, which is the same window as before.
        #expect(served.position(of: outside) == nil)
        #expect(Set(served.rowsHeld.compactMap { served.row(at: $0)?.id }) == held)
        let record = try #require(served.history.undoStack.last)
        #expect(record.changes.map(\.id) == [outside])
        #expect(record.changes.map(\.forward) == [[.setStatus(next)]])

        served.undo()
        await served.waitForPendingWork()
        #expect(served.errorMessage == nil)
        #expect(served.statusMessage == "Undone: advance")
        #expect(try await pair.servedStore.order(outside)?.status == before.status)
    }
}

extension OrderListModel {
    /// The rows a served list's index holds outside its window (`ServedListSource`); none on another source.
    var rowsOutsideWindow: [OrderID: OrderIndexRow] { (source as? ServedListSource)?.rowsOutsideWindow ?? [:] }
}
