import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Synchronization

/// A real store whose long write calls `afterFirstWrite` once its first batch is written inside
/// the transaction: an operator pressing Esc in the middle of an import, at a known moment.
final class CancelAfterFirstWriteStore: ForwardingOrderStore, @unchecked Sendable {
    let afterFirstWrite: @Sendable () async -> Void

    init(base: any OrderStore, afterFirstWrite: @escaping @Sendable () async -> Void) {
        self.afterFirstWrite = afterFirstWrite
        super.init(base)
    }

    override func writeAllOrNothing<Result: Sendable>(
        actor: String, _ body: (_ transaction: any OrderWriteTransaction) async throws -> Result
    ) async throws -> Result {
        try await base.writeAllOrNothing(actor: actor) { transaction in
            try await body(Transaction(base: transaction, afterFirstWrite: afterFirstWrite))
        }
    }

    /// The store's own transaction, calling the hook after its first upsert.
    final class Transaction: OrderWriteTransaction {
        let base: any OrderWriteTransaction
        let afterFirstWrite: @Sendable () async -> Void
        private let wrote = Mutex(false)

        init(base: any OrderWriteTransaction, afterFirstWrite: @escaping @Sendable () async -> Void) {
            self.base = base
            self.afterFirstWrite = afterFirstWrite
        }

        func orders(numberedAmong references: [OrderReference]) async throws -> [Order] {
            try await base.orders(numberedAmong: references)
        }
        func history(of id: OrderID) async throws -> [AuditEntry] { try await base.history(of: id) }
        func firstFreeKey() async throws -> Int { try await base.firstFreeKey() }
        func upsert(_ orders: [Order], expectedVersions: [OrderID: Int], audit: [AuditEntry]) async throws {
            try await base.upsert(orders, expectedVersions: expectedVersions, audit: audit)
            if wrote.withLock({ done in defer { done = true }; return !done }) { await afterFirstWrite() }
        }
    }
}
