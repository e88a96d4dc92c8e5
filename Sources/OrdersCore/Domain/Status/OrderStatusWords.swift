import TerminalText

/// The words the screens use for payment and fulfilment, and the rule for when the shop's own
/// status word is shown beside them: one home, read by the list's status cell and the detail.
public enum OrderStatusWords {
    /// A short word for the list's status cell, readable without colour: `Paid`, `Part-paid`.
    public static func short(_ payment: PaymentStatus) -> String {
        switch payment {
        case .pending: "Unpaid"
        case .authorized: "Authorized"
        case .partiallyPaid: "Part-paid"
        case .paid: "Paid"
        case .partiallyRefunded: "Part-refund"
        case .refunded: "Refunded"
        case .voided: "Voided"
        case .failed: "Failed"
        }
    }

    /// A short word for the list's status cell: `Unsent`, `Part-sent`, `Sent`, `On hold`, `Returned`.
    public static func short(_ fulfillment: FulfillmentStatus) -> String {
        switch fulfillment {
        case .unfulfilled: "Unsent"
        case .partiallyFulfilled: "Part-sent"
        case .fulfilled: "Sent"
        case .onHold: "On hold"
        case .returned: "Returned"
        }
    }

    /// The status as the detail names it: `partially paid`, `on hold` (the shop's word with spaces).
    public static func name(_ payment: PaymentStatus) -> String { payment.rawValue.replacingUnderscores() }
    public static func name(_ fulfillment: FulfillmentStatus) -> String { fulfillment.rawValue.replacingUnderscores() }

    /// The list's one status cell: payment, then fulfilment (`Paid/Unsent`, ASCII so every terminal
    /// shows it); the shop's own word instead when it names none of the order's statuses
    /// (`checkout-draft`), since the two statuses were then only guessed from it.
    public static func cell(payment: PaymentStatus, fulfillment: FulfillmentStatus, unmatchedSourceStatus: String?) -> String {
        if let word = unmatchedSourceStatus { return TerminalText.neutralized(word) }
        return "\(short(payment))/\(short(fulfillment))"
    }

    /// The shop's status word when it names none of the order's statuses (payment, fulfilment or
    /// triage; case, `-` and spaces ignored, so `on-hold` matches `on_hold`), else nil.
    public static func unmatchedSourceStatus(of order: Order) -> String? {
        unmatchedSourceStatus(order.sourceStatus, payment: order.payment, fulfillment: order.fulfillment, status: order.status)
    }

    /// The same rule for an order known only by these fields (a store's narrow projection, `OrderIndexRow`).
    package static func unmatchedSourceStatus(_ sourceStatus: String?, payment: PaymentStatus, fulfillment: FulfillmentStatus,
                                      status: OrderStatus) -> String? {
        guard let word = sourceStatus, !word.isEmpty else { return nil }
        let normalized = String(word.lowercased().map { $0 == "-" || $0 == " " ? "_" : $0 })
        let known = [payment.rawValue, fulfillment.rawValue, status.rawValue]
        return known.contains(normalized) ? nil : word
    }
}

private extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}
