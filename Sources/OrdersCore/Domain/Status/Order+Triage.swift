import Foundation

extension Order {
    /// The triage state the tabs, the `status:` term, sorting and today's actions work with,
    /// derived from payment, fulfilment, cancellation and closing (the one home of that rule;
    /// it is never stored apart, only cached by stores and the index for sorting and counts).
    ///
    /// First match wins: cancelled → cancelled; refunded → refunded; voided → cancelled;
    /// closed → completed; everything sent → shipped; money secured → processing; else pending
    /// (pending, partially paid or failed payments: the order needs payment).
    package static func triage(payment: PaymentStatus, fulfillment: FulfillmentStatus, cancelledAt: Date?, isClosed: Bool) -> OrderStatus {
        if cancelledAt != nil { return .cancelled }
        switch payment {
        case .refunded: return .refunded
        case .voided: return .cancelled
        default: break
        }
        if isClosed { return .completed }
        if fulfillment.isShipped { return .shipped }
        if payment.isSecured || fulfillment == .partiallyFulfilled || fulfillment == .onHold { return .processing }
        return .pending
    }

    /// Moves payment and fulfilment to the canonical state of a triage status: how today's
    /// actions (advance, cancel, refund, set-status, undo) and databases from before the two
    /// statuses map onto them. pending → pending/unfulfilled; processing → paid/unfulfilled;
    /// shipped → paid/fulfilled; completed → paid/fulfilled/closed; cancelled → cancelled at `date`,
    /// the payment voided unless money was taken; refunded → refunded. Moving to the status the order already has
    /// changes nothing, so the detail of a partly refunded or held order is never flattened.
    mutating func moveTriage(to status: OrderStatus, at date: Date) {
        guard status != self.status else { return }
        // The lines follow a move to everything sent. A move back to unfulfilled keeps them: an undo
        // puts them back itself (`unfulfilLines`, `restoreFulfillment`), knowing what they were.
        let fulfillmentBefore = fulfillment
        defer { if fulfillment != fulfillmentBefore { alignLines(undoing: false) } }
        cancelledAt = nil
        cancelReason = nil
        isClosed = false
        switch status {
        case .pending:
            payment = .pending
            fulfillment = .unfulfilled
        case .processing:
            if !payment.isSecured { payment = .paid }
            if fulfillment.isShipped { fulfillment = .unfulfilled }
        case .shipped:
            if !payment.isSecured { payment = .paid }
            fulfillment = .fulfilled
        case .completed:
            if !payment.isSecured { payment = .paid }
            fulfillment = .fulfilled
            isClosed = true
        case .cancelled:
            // Money not taken is voided; money taken stays taken until it is refunded, as shops cancel
            // a paid order and give the money back apart (a refund record, never a status).
            if !payment.isCaptured { payment = .voided }
            cancelledAt = date
        case .refunded:
            payment = .refunded
        }
    }
}
