import Foundation

extension PostgresOrderStore: TransferableOrderStore {
    public func receiveAll(
        replacing: Bool,
        _ produce: (_ write: @Sendable (OrderTransferBatch) async throws -> Void) async throws -> Void
    ) async throws {
        let database = self.database
        try await database.beginTransfer(replacing: replacing)
        let written = WrittenCount()
        do {
            try await produce { batch in
                guard !batch.orders.isEmpty else { return }
                try await database.writeTransferred(try PostgresRows.prepare(batch.orders), audit: batch.audit)
                written.add(batch.orders.count)
            }
            try await database.commitTransfer()
        } catch {
            await database.rollbackTransfer()
            throw error
        }
        // Other operators hear of it through the triggers; this process's observers reload.
        if written.value > 0 || replacing { broadcaster.send(.reloadAll) }
    }
}
