/// A whole table read as a stream of batches in ascending id order, one `fetch(afterID, limit)`
/// per batch, until one comes back empty or the consumer stops listening: the loop behind every
/// store's `scanAll` and `scanIndexRows`.
enum PagedScan {
    static func stream<Element: Sendable>(
        batchSize: Int, id: @escaping @Sendable (Element) -> Int,
        fetch: @escaping @Sendable (_ afterID: Int, _ limit: Int) async throws -> [Element]
    ) -> AsyncThrowingStream<[Element], Error> {
        let size = max(batchSize, 1)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var lastID = Int.min
                    while !Task.isCancelled {
                        let batch = try await fetch(lastID, size)
                        guard let last = batch.last else { break }
                        continuation.yield(batch)
                        lastID = id(last)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
