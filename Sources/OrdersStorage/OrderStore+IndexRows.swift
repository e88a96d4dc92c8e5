extension OrderStore {
    /// The rows of full orders from `scanAll`: right for a store that holds whole orders anyway,
    /// and for wrappers around another store (test stores that gate or fail its scan), which then
    /// gate the index's build too. A database store answers with its own narrow query instead.
    public func scanIndexRows(batchSize: Int) -> AsyncThrowingStream<[OrderIndexRow], Error> {
        let orders = scanAll(batchSize: batchSize)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await batch in orders { continuation.yield(batch.map(OrderIndexRow.init)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
