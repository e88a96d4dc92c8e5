import Foundation

/// Where an order stands against its promise at one moment.
public enum DueState: Hashable, Sendable {
    /// Not late yet; `seconds` until the due time (zero at the due time itself).
    case timeLeft(seconds: TimeInterval)
    /// Late by `seconds`.
    case overdue(seconds: TimeInterval)

    public var isOverdue: Bool {
        if case .overdue = self { return true }
        return false
    }
}
