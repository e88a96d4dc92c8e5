import OrdersCore
import OrdersStorage

extension DemoDataGenerator {
    /// Generates orders 1…`count` and inserts them into `store` in batches of
    /// `batchSize`, each batch in one transaction. The next batch is generated while
    /// the current one is written, so both cores work. `progress` gets the number
    /// of orders written so far after each batch.
    public func populate(
        _ store: some OrderStore, count: Int, batchSize: Int = 25_000,
        progress: (@Sendable (Int) -> Void)? = nil
    ) async throws {
        try await populate(count: count, batchSize: batchSize, progress: progress) { try await store.insert($0) }
    }

    /// Generates orders 1…`count` in batches of `batchSize` and hands each to `insert`
    /// (for example inside one all-or-nothing transaction), generating the next batch
    /// while the current one is written.
    public func populate(
        count: Int, batchSize: Int = 25_000, progress: (@Sendable (Int) -> Void)? = nil,
        insert: ([Order]) async throws -> Void
    ) async throws {
        guard count > 0 else { return }
        let size = max(batchSize, 1)
        func batch(startingAt start: Int) -> Task<[Order], Never> {
            let numbers = start..<min(start + size, count + 1)
            return Task { self.orders(numbers: numbers, of: count) }
        }
        var start = 1
        var pending = batch(startingAt: start)
        while start <= count {
            let orders = await pending.value
            start += orders.count
            if start <= count { pending = batch(startingAt: start) }
            try await insert(orders)
            progress?(start - 1)
        }
    }
}
