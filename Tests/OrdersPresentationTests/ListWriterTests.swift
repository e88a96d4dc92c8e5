import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
import OrdersTestSupport
import Testing

@Suite("Order list parts: the optimistic writer against SQLite")
struct ListWriterTests {
    static let order = OrderFixtures.order(1, status: .processing)

    @Test("a write at the current version is stored; at an old one it is a conflict with the stored order; a missing order fails")
    func send() async throws {
        let fixture = try StoreFixture(.sqlite)
        try await fixture.store.insert([Self.order])
        let flag = PendingWrite(id: OrderID(1), mutations: [.setFlagged(true)], rollback: [.setFlagged(false)], seenVersion: 1)
        let missing = PendingWrite(id: OrderID(99), mutations: [.setFlagged(true)], rollback: [.setFlagged(false)], seenVersion: 1)
        // One batch (one transaction): the missing order fails on its own, the other is stored.
        let outcomes = await OptimisticWriter.send([(flag, 1), (missing, 1)], to: fixture.store, actor: "mia")
        #expect(outcomes.count == 2)
        guard case .stored(let stored) = outcomes.first else { Issue.record("not stored"); return }
        #expect(stored.version == 2)
        #expect(stored.flagged)
        guard case .failed(let failure) = outcomes.last else { Issue.record("not failed"); return }
        #expect(failure == "Order ORD-0000099 does not exist.")
        // An unflag made on version 1 would undo the flag unseen: a conflict.
        let unflag = PendingWrite(id: OrderID(1), mutations: [.setFlagged(false)], rollback: [.setFlagged(true)],
                                  seenVersion: 1)
        guard case .conflict(let current, let message) = await OptimisticWriter.send(
            [(unflag, 1)], to: fixture.store, actor: "mia").first else { Issue.record("no conflict"); return }
        #expect(current == stored)
        #expect(message == "Order ORD-0000001 was changed by someone else (version 1 → 2: flagged); nothing was overwritten.")
        #expect(try await fixture.store.order(OrderID(1)) == stored, "nothing was written")
    }

    @Test("writes under way are counted per order; a later one is known while an earlier finishes")
    func pending() {
        var writer = OptimisticWriter()
        let one = PendingWrite(id: OrderID(1), mutations: [], rollback: [], seenVersion: 1)
        let two = PendingWrite(id: OrderID(2), mutations: [], rollback: [], seenVersion: 1)
        writer.begin([one, two])
        writer.begin([one])
        #expect(writer.pending == [OrderID(1): 2, OrderID(2): 1])
        #expect(writer.hasLaterWrite(OrderID(1)) && !writer.hasLaterWrite(OrderID(2)))
        writer.finish(OrderID(1))
        writer.finish(OrderID(2))
        #expect(writer.pending == [OrderID(1): 1])
        #expect(writer.isPending(OrderID(1)) && !writer.isPending(OrderID(2)))
        writer.finish(OrderID(1))
        #expect(!writer.isWriting)
    }

    @Test("a version the operator saw is current when only our own writes came after it")
    func hasSeen() {
        var writer = OptimisticWriter()
        writer.stored(OrderID(1), from: 1, to: 2)
        writer.stored(OrderID(1), from: 2, to: 3)
        #expect(writer.hasSeen(OrderID(1), version: 3, current: 3))
        #expect(writer.hasSeen(OrderID(1), version: 1, current: 3), "1 → 2 → 3 were ours")
        #expect(!writer.hasSeen(OrderID(1), version: 1, current: 4), "4 came from someone else")
        #expect(!writer.hasSeen(OrderID(2), version: 1, current: 2))
        #expect(!writer.hasSeen(OrderID(1), version: 4, current: 3), "the list is behind what was shown")
    }
}
