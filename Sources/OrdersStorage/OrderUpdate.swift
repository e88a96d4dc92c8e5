import OrdersCore

/// One order's changes in a batch of updates (`OrderStore.update(_:actor:)`): applied as the single
/// `update(_:expectedVersion:mutations:actor:)` applies them, if the order is still at
/// `expectedVersion` (appends, notes and tags, apply to the latest version).
public struct OrderUpdate: Hashable, Sendable {
    public var id: OrderID
    public var expectedVersion: Int
    public var mutations: [OrderMutation]

    public init(id: OrderID, expectedVersion: Int, mutations: [OrderMutation]) {
        self.id = id
        self.expectedVersion = expectedVersion
        self.mutations = mutations
    }
}

/// What became of one `OrderUpdate`: the order as stored (unchanged when the mutations changed
/// nothing), or the error the single update would have thrown for it: its own refusal (a conflict,
/// not found, a change its state does not allow), or the database error that rolled back its
/// whole transaction.
public typealias OrderUpdateOutcome = Result<Order, any Error>

/// How a batch of updates is cut into transactions: at most `size` orders each, and an order at
/// most once in each, so every update in a transaction is checked against what the transaction
/// read, as if the orders were written one after another.
public enum OrderUpdateChunks {
    /// Orders written in one transaction. Large enough that a bulk action over 10,000 orders is
    /// 20 transactions instead of 10,000; no larger than the changes a store lists by id
    /// (`maxListedChanges`, 500), so this process and the others re-read only the orders written
    /// rather than reloading everything; and short enough that the write lock (SQLite) or the
    /// rows' locks (PostgreSQL) are held for a fraction of a second at a time.
    public static let size = 500

    /// `items` cut into runs of at most `size`, a new run starting early where an order would
    /// come a second time, in their order.
    public static func split<Item>(_ items: [Item], size: Int = size, id: (Item) -> OrderID) -> [ArraySlice<Item>] {
        var chunks: [ArraySlice<Item>] = []
        var start = items.startIndex
        var ids = Set<OrderID>()
        for index in items.indices {
            if index - start == size || ids.contains(id(items[index])) {
                chunks.append(items[start..<index])
                start = index
                ids.removeAll(keepingCapacity: true)
            }
            ids.insert(id(items[index]))
        }
        if start < items.endIndex { chunks.append(items[start...]) }
        return chunks
    }
}

extension OrderUpdateChunks {
    /// The outcomes of `changes` written a chunk at a time by `write` (one transaction each), in
    /// their order: a chunk `write` failed (a database error, everything of it rolled back) is that
    /// error for each of its orders.
    static func outcomes(of changes: [OrderUpdate],
                         writing write: ([OrderUpdate]) async throws -> [OrderUpdateOutcome]) async -> [OrderUpdateOutcome] {
        var outcomes: [OrderUpdateOutcome] = []
        outcomes.reserveCapacity(changes.count)
        for chunk in split(changes, id: \.id) {
            do {
                outcomes += try await write(Array(chunk))
            } catch {
                outcomes += Array(repeating: .failure(error), count: chunk.count)
            }
        }
        return outcomes
    }
}

extension [OrderUpdateOutcome] {
    /// The one outcome of a batch of one, as the single update gives it: the stored order, or its error thrown.
    func single() throws -> Order {
        guard count == 1, let outcome = first else {
            throw OrderStoreError.unusable("The database answered \(count) outcomes for one order; nothing is known of it.")
        }
        return try outcome.get()
    }
}

extension OrderStore {
    /// The batch as single updates, one after another, each in a transaction of its own: for a
    /// store with no transactions to share (`InMemoryOrderStore`) and the test doubles.
    public func update(_ changes: [OrderUpdate], actor: String) async -> [OrderUpdateOutcome] {
        var outcomes: [OrderUpdateOutcome] = []
        outcomes.reserveCapacity(changes.count)
        for change in changes {
            do {
                outcomes.append(.success(try await update(change.id, expectedVersion: change.expectedVersion,
                                                          mutations: change.mutations, actor: actor)))
            } catch {
                outcomes.append(.failure(error))
            }
        }
        return outcomes
    }
}
