import OrdersCore

/// Copies every order, with its child rows, version and audit log, from one store into
/// another: a page at a time, so memory stays bounded however large the database is, and
/// in one transaction on the destination, so a failed or killed copy leaves it as it was.
public struct StoreCopier: Sendable {
    /// Orders read and written per page.
    public var pageSize: Int

    public init(pageSize: Int = 1_000) {
        self.pageSize = max(pageSize, 1)
    }

    /// Copies everything from `source` into `destination`; returns how many orders were copied.
    /// `progress` hears (orders copied so far, orders in the source when the copy started)
    /// after each page, and once before the first.
    @discardableResult
    public func copy(
        from source: some TransferableOrderStore, to destination: some TransferableOrderStore, replacing: Bool,
        progress: @escaping @Sendable (_ copied: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws -> Int {
        let total = try await source.countsByStatus(matching: .all).values.reduce(0, +)
        let pageSize = pageSize
        var copied = 0
        try await destination.receiveAll(replacing: replacing) { write in
            progress(0, total)
            var cursor: OrderID?
            while true {
                let batch = try await source.transferBatch(after: cursor, limit: pageSize)
                guard let last = batch.orders.last else { break }
                try await write(batch)
                copied += batch.orders.count
                cursor = last.id
                progress(copied, max(total, copied))
            }
        }
        return copied
    }
}
