import OrdersCore

/// Something an operator does to orders from the list, the detail screen or the palette.
public enum OrderAction: Hashable, Sendable {
    /// One workflow step towards completed: pending → processing → shipped → completed.
    /// ("Complete" in the UI means this: an order is never skipped past a step.)
    case advance
    case cancel
    /// Cancels with the operator's reason, kept verbatim beside the cancellation time (`:cancel REASON`).
    case cancelBecause(String)
    /// The workflow's refunded status (`R`): everything outstanding given back, which the store records
    /// on the whole order as one refund record (`Order.refundOfEverythingOutstanding`, as `:refund all`
    /// does); the list's rows, which hold no totals or refunds, only show the move until the store answers.
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
    /// The payment taken in full (`PaymentStatus`'s table decides from where).
    case markPaid
    /// Every line sent (the fulfilment's table decides from where).
    case fulfil
    /// Fulfilment stopped until released, and released back to unfulfilled.
    case hold
    /// Holds with the operator's reason, a note in the same change (`:hold REASON`; `OrderMutation.hold(reason:)`).
    case holdBecause(String)
    case release
    /// Money given back as one refund record, made on the detail from the whole order (its next
    /// refund id, what is left to give back); the list's rows hold no refunds, so it is refused there.
    case giveBack(Refund)
    /// Chosen lines sent, with an optional tracking number, made on the detail from the whole order
    /// (its lines and what is left of each); the list's rows hold no lines, so it is refused there.
    case fulfilLines(Shipment)

    /// Cancelling and refunding cannot be taken back in the workflow, so the UI confirms them.
    public var isDestructive: Bool {
        switch self {
        case .cancel, .cancelBecause, .refund: true
        case .setStatus(let status): status == .cancelled || status == .refunded
        default: false
        }
    }

    /// A short name for messages and the undo history: "cancel", "tag vip".
    public var name: String {
        switch self {
        case .advance: "advance"
        case .cancel, .cancelBecause: "cancel"
        case .refund: "refund"
        case .setStatus(let status): "set status \(status)"
        case .flag: "flag"
        case .unflag: "unflag"
        case .assignToMe: "assign to me"
        case .assign(let person): person.map { "assign to \($0)" } ?? "unassign"
        case .addTag(let tag): "tag \(tag)"
        case .removeTag(let tag): "untag \(tag)"
        case .addNote: "add note"
        case .markPaid: "mark paid"
        case .fulfil: "fulfil"
        case .hold, .holdBecause: "hold"
        case .release: "release"
        case .giveBack(let refund): "refund \(refund.id)"
        case .fulfilLines: "fulfil lines"
        }
    }

    /// The mutations this action asks of an order in `status`. Whether they are allowed is not
    /// decided here: `Order.apply` checks them against the domain's workflow table, once, on the
    /// order being changed. Throws only when advance has nowhere to go.
    func mutations(forStatus status: OrderStatus, actor: String) throws(NoNextStepError) -> [OrderMutation] {
        switch self {
        case .advance:
            guard let next = status.nextStep else { throw NoNextStepError(status: status) }
            return [.setStatus(next)]
        case .cancel: return [.setStatus(.cancelled)]
        case .cancelBecause(let reason): return [.setStatus(.cancelled), .setCancelReason(reason)]
        case .refund: return [.setStatus(.refunded)]
        case .setStatus(let next): return [.setStatus(next)]
        case .flag: return [.setFlagged(true)]
        case .unflag: return [.setFlagged(false)]
        case .assignToMe: return [.setAssignee(actor)]
        case .assign(let person): return [.setAssignee(person)]
        case .addTag(let tag): return [.addTag(tag)]
        case .removeTag(let tag): return [.removeTag(tag)]
        case .addNote(let text): return [.addNote(text)]
        case .markPaid: return [.setPayment(.paid)]
        case .fulfil: return [.setFulfillment(.fulfilled)]
        case .hold: return OrderMutation.hold(reason: nil)
        case .holdBecause(let reason): return OrderMutation.hold(reason: reason)
        case .release: return [.setFulfillment(.unfulfilled)]
        case .giveBack(let refund): return [.refund(refund)]
        case .fulfilLines(let shipment): return [.fulfilLines(shipment)]
        }
    }

    /// Why an action does not apply to an order, in words for the operator: the workflow's own
    /// reason for a refused status change, otherwise the error's description.
    static func refusal(_ error: any Error) -> String {
        switch error {
        case let transition as StatusTransitionError: transition.reason
        case let move as StateTransitionError: move.reason
        case let noStep as NoNextStepError: noStep.reason
        case let refund as RefundError: refund.reason
        case let fulfilment as FulfilmentError: fulfilment.reason
        default: String(describing: error)
        }
    }
}

/// Advance asked of an order with no step forward (`OrderStatus.nextStep` is nil).
struct NoNextStepError: Error, Hashable, Sendable {
    var status: OrderStatus
    var reason: String { "a \(status) order has no next step" }
}
