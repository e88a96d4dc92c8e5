/// Something an operator does to orders from the list, the detail screen or the palette.
public enum OrderAction: Hashable, Sendable {
    /// One workflow step towards completed: pending → processing → shipped → completed.
    /// ("Complete" in the UI means this: an order is never skipped past a step.)
    case advance
    case cancel
    case refund
    /// A specific workflow status (the palette's `:status`); refused unless the table allows it.
    case setStatus(OrderStatus)
    case flag
    case unflag
    case assignToMe
    /// Assigns to a named operator, or unassigns with nil.
    case assign(String?)
    case addTag(String)
    case removeTag(String)
    case addNote(String)

    /// Cancelling and refunding cannot be taken back in the workflow, so the UI confirms them.
    public var isDestructive: Bool {
        switch self {
        case .cancel, .refund: true
        case .setStatus(let status): status == .cancelled || status == .refunded
        default: false
        }
    }

    /// A short name for messages and the undo history: "cancel", "tag vip".
    public var name: String {
        switch self {
        case .advance: "advance"
        case .cancel: "cancel"
        case .refund: "refund"
        case .setStatus(let status): "set status \(status)"
        case .flag: "flag"
        case .unflag: "unflag"
        case .assignToMe: "assign to me"
        case .assign(let person): person.map { "assign to \($0)" } ?? "unassign"
        case .addTag(let tag): "tag \(tag)"
        case .removeTag(let tag): "untag \(tag)"
        case .addNote: "add note"
        }
    }

    /// The mutations this action makes to an order in `status`, or nil when it does not apply.
    func mutations(forStatus status: OrderStatus, actor: String) -> [OrderMutation]? {
        switch self {
        case .advance:
            let next: OrderStatus? = switch status {
            case .pending: .processing
            case .processing: .shipped
            case .shipped: .completed
            default: nil
            }
            return next.map { [.setStatus($0)] }
        case .cancel: return status.canTransition(to: .cancelled) ? [.setStatus(.cancelled)] : nil
        case .refund: return status.canTransition(to: .refunded) ? [.setStatus(.refunded)] : nil
        case .setStatus(let next): return status.canTransition(to: next) ? [.setStatus(next)] : nil
        case .flag: return [.setFlagged(true)]
        case .unflag: return [.setFlagged(false)]
        case .assignToMe: return [.setAssignee(actor)]
        case .assign(let person): return [.setAssignee(person)]
        case .addTag(let tag): return [.addTag(tag)]
        case .removeTag(let tag): return [.removeTag(tag)]
        case .addNote(let text): return [.addNote(text)]
        }
    }

    /// Why the action does not apply to an order in `status`.
    func refusal(forStatus status: OrderStatus) -> String {
        switch self {
        case .advance: "a \(status) order has no next step"
        case .cancel: StatusTransitionError(orderID: OrderID(0), from: status, to: .cancelled).reason
        case .refund: StatusTransitionError(orderID: OrderID(0), from: status, to: .refunded).reason
        case .setStatus(let next): StatusTransitionError(orderID: OrderID(0), from: status, to: next).reason
        default: "not applicable"
        }
    }
}
