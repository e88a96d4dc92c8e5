/// Where an order is in its life. The allowed moves between statuses are the
/// workflow table below; nothing else may change a status.
public enum OrderStatus: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case pending
    case processing
    case shipped
    case completed
    case cancelled
    case refunded

    /// The statuses an order may move to from this one.
    public var allowedNextStatuses: [OrderStatus] {
        switch self {
        case .pending: [.processing, .cancelled]
        case .processing: [.shipped, .cancelled]
        case .shipped: [.completed]
        case .completed: [.refunded]
        case .cancelled, .refunded: []
        }
    }

    /// The one step forward on the way to completed (pending → processing → shipped → completed):
    /// what "advance" (`c`, "Complete") moves an order to. Read from the table above — the allowed
    /// move that is not an exit (cancel, refund) — so the workflow is written once. Nil when the
    /// order has no step forward.
    public var nextStep: OrderStatus? {
        allowedNextStatuses.first { $0 != .cancelled && $0 != .refunded }
    }

    public func canTransition(to next: OrderStatus) -> Bool {
        allowedNextStatuses.contains(next)
    }

    /// Whether no further transition is possible.
    public var isFinal: Bool { allowedNextStatuses.isEmpty }

    /// Position in the workflow, used to sort by status.
    public var workflowRank: Int {
        switch self {
        case .pending: 0
        case .processing: 1
        case .shipped: 2
        case .completed: 3
        case .cancelled: 4
        case .refunded: 5
        }
    }

    public var description: String { rawValue }
}
