import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Synchronization
import Testing

/// A store whose reads of orders by key fail while `failing` is set: a database busy for a
/// moment, a connection lost and found again.
final class FailingOrderReadsStore: ForwardingOrderStore, @unchecked Sendable {
    private let failing = Mutex(false)
    struct ReadFailed: Error, CustomStringConvertible { var description: String { "the read failed" } }

    func setFailing(_ fails: Bool) { failing.withLock { $0 = fails } }

    override func order(_ id: OrderID) async throws -> Order? {
        if failing.withLock({ $0 }) { throw ReadFailed() }
        return try await super.order(id)
    }

    override func orders(withIDs ids: [OrderID]) async throws -> [Order] {
        if failing.withLock({ $0 }) { throw ReadFailed() }
        return try await super.orders(withIDs: ids)
    }
}

@Suite("Order list: a change it could not read is read again")
@MainActor
struct OrderListRefreshRetryTests {
    @Test("a row whose refresh failed is read again with the next change, not left as it was")
    func aFailedRefreshIsRetriedWithTheNextChange() async throws {
        let base = InMemoryOrderStore(orders: OrderFixtures.sample)
        let store = FailingOrderReadsStore(base)
        let model = OrderListModel(store: store, environment: PresentationFixtures.environment())
        model.start()
        await model.waitForPendingWork()
        #expect(model.visibleNumbers == [5, 2, 3, 1, 4, 7, 6])

        // Someone else flags #3 while the list cannot read it.
        store.setFailing(true)
        _ = try await base.update(OrderID(3), expectedVersion: 1, mutations: [.setFlagged(true)], actor: "bo")
        try await model.expectChangesHandled(1)
        #expect(model.errorMessage == "Could not refresh ORD-0000003: the read failed")
        #expect(model.row(at: 2)?.isFlagged == false, "not read: still as it was")

        // The next change, of another order, brings #3 along.
        store.setFailing(false)
        _ = try await base.update(OrderID(5), expectedVersion: 1, mutations: [.setFlagged(true)], actor: "bo")
        try await model.expectChangesHandled(2)
        #expect(model.visibleNumbers == [5, 2, 3, 1, 4, 7, 6])
        #expect(model.row(at: 0)?.isFlagged == true)
        #expect(model.row(at: 2)?.isFlagged == true, "the order that could not be read before")
        #expect(model.row(at: 2)?.isRecentlyChanged == true)
        #expect(model.errorMessage == nil, "the failure is no longer true")
    }
}
