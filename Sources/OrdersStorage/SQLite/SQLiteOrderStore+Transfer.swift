import Foundation

extension SQLiteOrderStore: TransferableOrderStore {
    public func receiveAll(
        replacing: Bool,
        _ produce: (_ write: @Sendable (OrderTransferBatch) async throws -> Void) async throws -> Void
    ) async throws {
        let database = self.database
        let deferredIndexes = try await database.beginTransfer(replacing: replacing)
        let written = WrittenCount()
        do {
            try await produce { batch in
                guard !batch.orders.isEmpty else { return }
                try await database.writeTransferred(try OrderRows.prepare(batch.orders), audit: batch.audit)
                written.add(batch.orders.count)
            }
            // A replaced database changed even if the source was empty: observers reload.
            if let change = try await database.commitBulkInsert(count: max(written.value, replacing ? 1 : 0),
                                                                rebuilding: deferredIndexes) {
                broadcaster.send(change)
            }
        } catch {
            await database.rollbackBulkInsert()
            throw error
        }
        // Empties the write-ahead log the one big transaction filled, as `orders demo` does.
        try await checkpoint()
    }
}
