import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The list's actions and their undo on whole orders (issue 27's first and fifth reproductions): the
/// rows hold no lines or refunds, so the store does what they cannot judge, and the list's undo is the
/// store's undo of the version the action made. On every store.
@Suite("List: advance and refunded act on whole orders, and undo puts back exactly what they did")
@MainActor
struct ListUndoTests {
    static func model(_ kind: StoreKind, _ orders: [Order]) async throws -> (OrderListModel, any OrderStore, StoreFixture) {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(orders)
        let model = OrderListModel(store: fixture.store, environment: PresentationFixtures.environment())
        model.load()
        await model.waitForPendingWork()
        return (model, fixture.store, fixture)
    }

    @Test(arguments: StoreKind.allCases)
    func advanceThenUndoOfAPartlySentOrderPutsBackTheSevenUnitsSent(_ kind: StoreKind) async throws {
        let original = OrderFixtures.sevenOfTenSent()
        let (model, store, _) = try await Self.model(kind, [original])
        model.select(id: original.id)
        #expect(model.perform(.advance) == 1)
        await model.waitForPendingWork()
        let shipped = try #require(try await store.order(original.id))
        #expect((shipped.status, shipped.items[0].fulfilledQuantity) == (.shipped, 10))

        model.undo()
        #expect(try #require(model.row(at: model.position(of: original.id)!)).status == .processing, "optimistic undo")
        await model.waitForPendingWork()
        let undone = try #require(try await store.order(original.id))
        #expect((undone.status, undone.fulfillment, undone.items[0].fulfilledQuantity) == (.processing, .partiallyFulfilled, 7))
        #expect(model.errorMessage == nil)
        #expect(try #require(model.row(at: model.position(of: original.id)!)).status == .processing)

        // The line's detail can send the three again; redo does it as the advance did.
        model.redo()
        await model.waitForPendingWork()
        let again = try #require(try await store.order(original.id))
        #expect((again.status, again.items[0].fulfilledQuantity, again.version) == (.shipped, 10, 4))
        #expect(HistoryText.lines(try await store.history(of: original.id)) == [
            "v2 status: processing → shipped",
            "v2 fulfilled_lines: - → 3 × PN-GEL-12",
            "v3 undo: - → version 2",
            "v3 status: shipped → processing (undo)",
            "v3 fulfilled_lines: 3 × PN-GEL-12 → -",
            "v3 fulfillment: fulfilled → partially_fulfilled (undo)",
            "v4 status: processing → shipped",
            "v4 fulfilled_lines: - → 3 × PN-GEL-12",
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func refundedFromTheListRecordsTheRefundAndItsUndoRemovesIt(_ kind: StoreKind) async throws {
        var completed = OrderFixtures.sevenOfTenSent()
        completed.items[0].fulfilledQuantity = 10
        completed.fulfillment = .fulfilled
        completed.isClosed = true
        let (model, store, _) = try await Self.model(kind, [completed])
        model.select(id: completed.id)
        #expect(model.perform(.refund) == 1)
        #expect(try #require(model.row(at: model.position(of: completed.id)!)).status == .refunded, "optimistic")
        await model.waitForPendingWork()
        let refunded = try #require(try await store.order(completed.id))
        #expect(refunded.refunds == [Refund(id: "R1", createdAt: refunded.updatedAt, amount: 160)])
        #expect((refunded.status, refunded.payment, refunded.outstanding) == (.refunded, .refunded, 0))

        model.undo()
        await model.waitForPendingWork()
        let undone = try #require(try await store.order(completed.id))
        #expect((undone.status, undone.payment, undone.refunds, undone.outstanding) == (.completed, .paid, [], 160))
        #expect(try #require(model.row(at: model.position(of: completed.id)!)).status == .completed)
        #expect(model.errorMessage == nil)
    }
}
