import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Synchronization

/// A real store with an operator at work: the first time an import reads an order's history
/// (it is about to merge that order), the operator flags the order, so the merge is based on a
/// version that is no longer the stored one when the import writes.
final class OperatorMeanwhileStore: ForwardingOrderStore, @unchecked Sendable {
    private let acted = Mutex(false)

    init(base: any OrderStore) {
        super.init(base)
    }

    override func history(of id: OrderID) async throws -> [AuditEntry] {
        let entries = try await base.history(of: id)
        if acted.withLock({ done in defer { done = true }; return !done }), let order = try await base.order(id) {
            try await base.update(id, expectedVersion: order.version, mutations: [.setFlagged(true)], actor: "ana")
        }
        return entries
    }
}
