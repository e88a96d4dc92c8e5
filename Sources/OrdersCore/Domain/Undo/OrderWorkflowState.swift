import Foundation

/// The fields of an order that consume something and so cannot simply be inverted one by one: where
/// the money and the goods stand, the cancellation and closing, each line's sent units, the tracking
/// numbers and which refunds exist. A change that moves any of them is recorded with this state
/// before and after it (the history's `workflow` entry), so undo can put back exactly what the change
/// did, line by line, and can tell when something else moved them since (`Order+Undo`).
///
/// A workflow move to shipped sends every unit still to send; only the state before it says which
/// units were sent already, which is why undo reads this rather than the status words.
package struct OrderWorkflowState: Codable, Hashable, Sendable {
    var payment: PaymentStatus
    package var fulfillment: FulfillmentStatus
    package var cancelledMs: Int64?
    package var cancelReason: String?
    var closed: Bool
    /// Each line's sent units, in the order's line order.
    package var sent: [Int]
    package var tracking: [String]
    /// The ids of the order's refunds, oldest first.
    package var refunds: [String]

    init(_ order: Order) {
        payment = order.payment
        fulfillment = order.fulfillment
        cancelledMs = order.cancelledAt?.millisecondsSince1970
        cancelReason = order.cancelReason
        closed = order.isClosed
        sent = order.items.map(\.fulfilledQuantity)
        tracking = order.trackingNumbers
        refunds = order.refunds.map(\.id)
    }

    /// The history's text for this state: JSON with sorted keys, the same bytes on every engine.
    var historyText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every field is a string, a number, a Boolean or an array of those: encoding cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The state a history entry's text holds; nil when it is not one (written by a newer version).
    package init?(historyText text: String?) {
        guard let text, let state = try? JSONDecoder().decode(OrderWorkflowState.self, from: Data(text.utf8)) else { return nil }
        self = state
    }

    /// What differs from `other`, in the history's field names ("payment", "lines sent"), for a refusal.
    func differences(from other: OrderWorkflowState) -> [String] {
        var names: [String] = []
        if payment != other.payment { names.append("payment") }
        if fulfillment != other.fulfillment { names.append("fulfilment") }
        if cancelledMs != other.cancelledMs || cancelReason != other.cancelReason { names.append("cancellation") }
        if closed != other.closed { names.append("closing") }
        if sent != other.sent { names.append("lines sent") }
        if tracking != other.tracking { names.append("tracking numbers") }
        if refunds != other.refunds { names.append("refunds") }
        return names
    }
}

