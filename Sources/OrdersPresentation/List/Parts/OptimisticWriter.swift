import OrdersCore
import OrdersStorage

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

    /// Sends writes of distinct orders to the store in one batch (`OrderStore.update(_:actor:)`: many
    /// orders to a transaction), each at its expected version; one outcome per write, in their
    /// order. The store does the work off the main actor; the caller's actor only waits.
    static func send(_ writes: [(write: PendingWrite, expectedVersion: Int)], to store: any OrderStore,
                     actor: String) async -> [WriteOutcome] {
        let outcomes = await store.update(writes.map {
            OrderUpdate(id: $0.write.id, expectedVersion: $0.expectedVersion, mutations: $0.write.mutations)
        }, actor: actor)
        return writes.indices.map { index in
            guard index < outcomes.count else { return .failed(message: "\(writes[index].write.id): the store gave no answer") }
            return outcome(of: outcomes[index], id: writes[index].write.id)
        }
    }

    /// What the list makes of the store's answer for one write: the one place its errors become outcomes.
    static func outcome(of answer: OrderUpdateOutcome, id: OrderID) -> WriteOutcome {
        switch answer {
        case .success(let stored):
            return .stored(stored)
        case .failure(let error as OrderStoreError):
            if case .conflict(let current, _, _) = error {
                return .conflict(current: current, message: error.description)
            }
            if case .outcomeUnknown = error { return .outcomeUnknown(message: error.description) }
            return .failed(message: error.description)
        case .failure(let error):
            return .failed(message: "\(id): \(error)")
        }
    }
}
