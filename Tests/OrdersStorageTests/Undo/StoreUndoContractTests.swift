import Foundation
@testable import OrdersCore
import OrdersTestSupport
import Testing

/// Undo as a change of its own, on every store: the store puts back exactly what the change that made
/// a version did, from the workflow state it recorded (the units a move to shipped sent, the refund a
/// move to refunded recorded), writes the undo to the history naming that version, and refuses, changing
/// nothing, when what the change moved has moved since.
@Suite("Store contract: undo puts back exactly what a version did")
struct StoreUndoContractTests {

    @Test(arguments: StoreKind.allCases)
    func aMoveToShippedSendsWhatIsLeftAndItsUndoTakesBackExactlyThoseUnits(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let original = OrderFixtures.sevenOfTenSent()
        try await fixture.store.insert([original])

        let shipped = try await fixture.store.update(original.id, expectedVersion: 1, mutations: [.setStatus(.shipped)], actor: "mia")
        #expect((shipped.status, shipped.fulfillment, shipped.items[0].fulfilledQuantity) == (.shipped, .fulfilled, 10))

        let undone = try await fixture.store.update(original.id, expectedVersion: 2, mutations: [.undoChange(version: nil)], actor: "mia")
        var expected = original
        expected.updatedAt = undone.updatedAt
        expected.version = 3
        #expect(undone == expected, "7 of 10 sent again, partially fulfilled, processing")
        #expect(try await fixture.secondHandle().order(original.id) == expected)
        #expect(HistoryText.lines(try await fixture.store.history(of: original.id)) == [
            "v2 status: processing → shipped",
            "v2 fulfilled_lines: - → 3 × PN-GEL-12",
            "v3 undo: - → version 2",
            "v3 status: shipped → processing (undo)",
            "v3 fulfilled_lines: 3 × PN-GEL-12 → -",
            "v3 fulfillment: fulfilled → partially_fulfilled (undo)",
        ])
        // Nothing is left to take back: the undo is not undone by undo (redo is the change again).
        await #expect(throws: UndoError(number: "#1005", reason: "it has no change to take back")) {
            try await fixture.store.update(original.id, expectedVersion: 3, mutations: [.undoChange(version: nil)], actor: "mia")
        }
        await #expect(throws: UndoError(number: "#1005", reason: "version 3 is itself an undo: do the change again instead")) {
            try await fixture.store.update(original.id, expectedVersion: 3, mutations: [.undoChange(version: 3)], actor: "mia")
        }
        #expect(try await fixture.store.order(original.id) == expected)
    }

    @Test(arguments: StoreKind.allCases)
    func anUndoIsRefusedWhenWhatItMovedHasMovedSinceAndGoesAfterTheLaterChangeIsUndone(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        var original = OrderFixtures.sevenOfTenSent()
        original.items[0].fulfilledQuantity = 0
        original.fulfillment = .unfulfilled
        try await fixture.store.insert([original])
        _ = try await fixture.store.update(original.id, expectedVersion: 1, mutations: [.setStatus(.shipped)], actor: "mia")
        let refund = Refund(id: "R1", createdAt: OrderFixtures.now, amount: 16, lines: [RefundLine(line: 0, quantity: 1)])
        let refunded = try await fixture.store.update(original.id, expectedVersion: 2, mutations: [.refund(refund)], actor: "ana")
        #expect((refunded.payment, refunded.refunded) == (.partiallyRefunded, 16))

        // Taking the shipment back under ana's refund would leave a refund of units that were never sent.
        await #expect(throws: UndoError(number: "#1005", reason: "its payment, refunds changed since version 2: undo the later change first")) {
            try await fixture.store.update(original.id, expectedVersion: 3, mutations: [.undoChange(version: 2)], actor: "mia")
        }
        #expect(try await fixture.store.order(original.id) == refunded)

        let refundUndone = try await fixture.store.update(original.id, expectedVersion: 3, mutations: [.undoChange(version: nil)], actor: "ana")
        #expect((refundUndone.payment, refundUndone.refunds, refundUndone.items[0].fulfilledQuantity) == (.paid, [], 10))
        let shipmentUndone = try await fixture.store.update(original.id, expectedVersion: 4, mutations: [.undoChange(version: nil)], actor: "mia")
        var expected = original
        expected.updatedAt = shipmentUndone.updatedAt
        expected.version = 5
        #expect(shipmentUndone == expected)
        #expect(HistoryText.lines(try await fixture.store.history(of: original.id)) == [
            "v2 status: processing → shipped",
            "v2 fulfilled_lines: - → 10 × PN-GEL-12",
            "v3 refunds: - → R1 16.00 EUR: 1 × line 1",
            "v3 payment: paid → partially_refunded",
            "v4 undo: - → version 3",
            "v4 refunds: R1 16.00 EUR: 1 × line 1 → -",
            "v4 payment: partially_refunded → paid (undo)",
            "v5 undo: - → version 2",
            "v5 status: shipped → processing (undo)",
            "v5 fulfilled_lines: 10 × PN-GEL-12 → -",
            "v5 fulfillment: fulfilled → unfulfilled (undo)",
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func refundedIsARefundOfEverythingOutstandingAndItsUndoRemovesIt(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        var original = OrderFixtures.sevenOfTenSent()
        original.items[0].fulfilledQuantity = 10
        original.fulfillment = .fulfilled
        original.isClosed = true
        try await fixture.store.insert([original])
        #expect(original.status == .completed)

        let refunded = try await fixture.store.update(original.id, expectedVersion: 1, mutations: [.setStatus(.refunded)], actor: "mia")
        // 10 × 16.00 EUR, nothing refunded before: R1 gives back all 160.00.
        #expect(refunded.refunds == [Refund(id: "R1", createdAt: refunded.updatedAt, amount: 160)])
        #expect((refunded.status, refunded.payment, refunded.outstanding) == (.refunded, .refunded, 0))

        let undone = try await fixture.store.update(original.id, expectedVersion: 2, mutations: [.undoChange(version: 2)], actor: "mia")
        var expected = original
        expected.updatedAt = undone.updatedAt
        expected.version = 3
        #expect(undone == expected)
        #expect(HistoryText.lines(try await fixture.store.history(of: original.id)) == [
            "v2 refunds: - → R1 160.00 EUR",
            "v2 payment: paid → refunded",
            "v3 undo: - → version 2",
            "v3 status: refunded → completed (undo)",
            "v3 refunds: R1 160.00 EUR → -",
            "v3 payment: refunded → paid (undo)",
        ])
    }
}
