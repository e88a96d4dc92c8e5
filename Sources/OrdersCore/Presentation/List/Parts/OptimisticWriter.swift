/// Keeps account of the list's optimistic writes: which orders have writes under way
/// (a live change to such an order is left for the write to settle), which versions
/// the list's own writes produced (so the operator's own changes never count as
/// "changed by someone else"), and how to send one write to the store.
struct OptimisticWriter {
    /// Writes under way per order.
    private(set) var pending: [OrderID: Int] = [:]
    /// For each order, the versions our own stored writes went from → to.
    private var ownSteps: [OrderID: [Int: Int]] = [:]

    /// Whether any write is under way.
    var isWriting: Bool { !pending.isEmpty }

    /// Whether a write to `id` is under way.
    func isPending(_ id: OrderID) -> Bool { pending[id] != nil }

    /// Whether another write to `id` follows the one now finishing.
    func hasLaterWrite(_ id: OrderID) -> Bool { (pending[id] ?? 0) > 1 }

    mutating func begin(_ writes: [PendingWrite]) {
        for write in writes { pending[write.id, default: 0] += 1 }
    }

    mutating func finish(_ id: OrderID) {
        let remaining = (pending[id] ?? 1) - 1
        pending[id] = remaining > 0 ? remaining : nil
    }

    /// Remembers that our own write moved `id` from one version to another.
    mutating func stored(_ id: OrderID, from oldVersion: Int, to newVersion: Int) {
        ownSteps[id, default: [:]][oldVersion] = newVersion
    }

    /// Whether an operator who saw version `seen` of an order has seen its state at
    /// `current`: the same version, or only our own writes came between.
    func hasSeen(_ id: OrderID, version seen: Int, current: Int) -> Bool {
        var version = seen
        let steps = ownSteps[id] ?? [:]
        while version != current {
            guard let next = steps[version], next > version else { return false }
            version = next
        }
        return true
    }

    /// Sends one write to the store at `expectedVersion`. The store does the work
    /// off the main actor; the caller's actor only waits.
    static func send(_ write: PendingWrite, expectedVersion: Int, to store: any OrderStore, actor: String) async -> WriteOutcome {
        do {
            return .stored(try await store.update(write.id, expectedVersion: expectedVersion,
                                                  mutations: write.mutations, actor: actor))
        } catch let error as OrderStoreError {
            if case .conflict(let current, _, _) = error {
                return .conflict(current: current, message: error.description)
            }
            if case .outcomeUnknown = error { return .outcomeUnknown(message: error.description) }
            return .failed(message: error.description)
        } catch {
            return .failed(message: "\(write.id): \(error)")
        }
    }
}
