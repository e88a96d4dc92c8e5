import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport

/// A real store whose connection drops while an update's commit is on its way, after the
/// server stored it: the caller hears "outcome unknown" though the write is in. The moment
/// cannot be hit on purpose with a real server, so this wraps one (the rest is the real store).
final class CommitLostStore: ForwardingOrderStore, @unchecked Sendable {
    init(base: InMemoryOrderStore) {
        super.init(base)
    }

    static let message = "The connection to the database dropped while saving (server closed the connection unexpectedly); "
        + "whether it was saved is not known, so the order is read again."

    override func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String) async throws -> Order {
        try await base.update(id, expectedVersion: expectedVersion, mutations: mutations, actor: actor)
        throw OrderStoreError.outcomeUnknown(Self.message)
    }
}
