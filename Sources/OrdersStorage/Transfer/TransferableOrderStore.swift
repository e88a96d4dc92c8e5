import OrdersCore

/// A store that a whole database can be copied out of and into (`orders copy`): orders with
/// their versions, child rows and audit logs kept exactly, so the copy answers every query,
/// conflict and history as the original did.
public protocol TransferableOrderStore: OrderStore {
    /// Up to `limit` orders with ids above `afterID` (all when nil), ascending, with their whole
    /// audit logs, read in one snapshot so an order and its history agree.
    func transferBatch(after afterID: OrderID?, limit: Int) async throws -> OrderTransferBatch

    /// Writes every batch `produce` hands to `write` in one transaction: all of them, or none
    /// if anything fails or the process dies first. A store that already holds orders refuses
    /// with `OrderTransferError.destinationNotEmpty` before anything is written, unless
    /// `replacing`, when they (and their audit logs) are removed in the same transaction.
    /// Nothing else may use this store until it returns.
    func receiveAll(
        replacing: Bool,
        _ produce: (_ write: @Sendable (OrderTransferBatch) async throws -> Void) async throws -> Void
    ) async throws
}
