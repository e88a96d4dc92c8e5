import Foundation

/// One change an operator can make to an order. Applying it goes through the
/// domain rules (`Order.apply`) and appends an audit entry.
public enum OrderMutation: Hashable, Sendable {
    /// A workflow step; refused unless the transition table allows it.
    case setStatus(OrderStatus)
    /// Puts a status back as it was before an earlier change (undo). It bypasses
    /// the workflow table on purpose, and the audit log records it as an undo.
    case restoreStatus(OrderStatus)
    /// A payment step (`PaymentStatus.allowedNextStatuses`); voiding also records the cancellation time.
    case setPayment(PaymentStatus)
    /// A fulfilment step (`FulfillmentStatus.allowedNextStatuses`).
    case setFulfillment(FulfillmentStatus)
    /// Puts the payment or the fulfilment back as it was before an earlier change (undo), around
    /// their tables like `restoreStatus`; the audit log records it as an undo.
    case restorePayment(PaymentStatus)
    case restoreFulfillment(FulfillmentStatus)
    /// Money given back (`Order.recordRefund` has the rules); moves the payment to partially
    /// refunded or refunded through its table.
    case refund(Refund)
    /// Takes back the refund with this id (undo of `refund`); refused when the order has no such
    /// refund (someone else took it back meanwhile). It leaves the payment as it is: the undo puts
    /// the payment back with `restorePayment`, as it was before the refund.
    case removeRefund(String)
    /// Units of chosen lines sent, with an optional tracking number (`Order.recordShipment` has the
    /// rules); moves the fulfilment to what the lines then give, through its table.
    case fulfilLines(Shipment)
    /// Takes a shipment back (undo of `fulfilLines`): its units and its tracking number. It leaves
    /// the fulfilment as it is: the undo puts it back with `restoreFulfillment`, as it was before.
    case unfulfilLines(Shipment)
    /// Why the order was cancelled, kept verbatim with its `cancelledAt`; only a cancelled order has
    /// one (an action cancels first, then gives the reason). Undoing the cancellation clears it.
    case setCancelReason(String?)
    /// Closes an order (done with: its triage status is completed, unless it is cancelled or refunded,
    /// which say more) or reopens it. Payment, fulfilment and the lines stay as they are: a shop closes
    /// an order to archive it, whatever was left to do.
    case setClosed(Bool)
    case setFlagged(Bool)
    case addTag(String)
    case removeTag(String)
    case setAssignee(String?)
    case addNote(String)
    /// Removes the most recent note with exactly this text (undo of `addNote`).
    case removeNote(String)
    /// Puts back what the change that made this version did (the latest change not undone when nil),
    /// as a new change: refused when something it moved has changed since (`Order+Undo`). Only the
    /// store can apply it, with the order's history at hand.
    case undoChange(version: Int?)

    /// Whether this adds or removes a note (notes live only in the store, not in the list's index).
    public var changesNotes: Bool {
        switch self {
        case .addNote, .removeNote, .undoChange: true
        case .setStatus, .restoreStatus, .setPayment, .setFulfillment, .restorePayment, .restoreFulfillment, .refund, .removeRefund,
             .fulfilLines, .unfulfilLines, .setCancelReason, .setClosed, .setFlagged, .addTag, .removeTag, .setAssignee: false
        }
    }

    /// Whether this changes the order's refunds, which only the whole order holds (the list's index
    /// keeps none): the detail and the store judge it, the list's rows only show its effect on the payment.
    public var changesRefunds: Bool {
        switch self {
        case .refund, .removeRefund, .undoChange: true
        case .setStatus, .restoreStatus, .setPayment, .setFulfillment, .restorePayment, .restoreFulfillment, .fulfilLines,
             .unfulfilLines, .setCancelReason, .setClosed, .setFlagged, .addTag, .removeTag, .setAssignee, .addNote, .removeNote: false
        }
    }

    /// Whether this changes the lines' fulfilled quantities by a shipment, which only the whole order
    /// holds (the list's index keeps no lines): like refunds, judged by the detail and the store.
    public var changesLines: Bool {
        switch self {
        case .fulfilLines, .unfulfilLines, .undoChange: true
        case .setStatus, .restoreStatus, .setPayment, .setFulfillment, .restorePayment, .restoreFulfillment, .refund, .removeRefund,
             .setCancelReason, .setClosed, .setFlagged, .addTag, .removeTag, .setAssignee, .addNote, .removeNote: false
        }
    }

    /// Whether this changes only the commuting part of an order (tags, flag, assignee, notes), never
    /// what `OrderWorkflowState` holds: a change of these alone has no `workflow` entry to record.
    var leavesWorkflow: Bool {
        switch self {
        case .setFlagged, .addTag, .removeTag, .setAssignee, .addNote, .removeNote: true
        case .setStatus, .restoreStatus, .setPayment, .setFulfillment, .restorePayment, .restoreFulfillment, .refund, .removeRefund,
             .fulfilLines, .unfulfilLines, .setCancelReason, .setClosed, .undoChange: false
        }
    }

    /// Whether only the whole order can judge this (refunds, shipments): the list's rows take only its
    /// effect on the payment or the fulfilment.
    public var needsWholeOrder: Bool { changesRefunds || changesLines }
}

/// A status change the workflow does not allow.
public struct StatusTransitionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var orderID: OrderID
    public var from: OrderStatus
    public var to: OrderStatus

    public init(orderID: OrderID, from: OrderStatus, to: OrderStatus) {
        self.orderID = orderID
        self.from = from
        self.to = to
    }

    public var reason: String {
        if from == to { return "it is already \(from)" }
        if from.isFinal { return "\(from) is final" }
        let allowed = from.allowedNextStatuses.map(\.rawValue).joined(separator: " or ")
        return "a \(from) order can only become \(allowed)"
    }

    public var description: String {
        "\(orderID): cannot change status from \(from) to \(to): \(reason)"
    }
}

/// One line of an order's history: when, who, and what changed from what to what.
public struct AuditEntry: Hashable, Sendable {
    public var orderID: OrderID
    public var at: Date
    public var actor: String
    /// "status", "payment", "fulfillment", "fulfilled_lines", "refunds", "cancel_reason", "flagged", "tags", "assignee" or "notes"; "order" when an import
    /// (`orders import --update`) replaced the whole order.
    public var field: String
    public var oldValue: String?
    public var newValue: String?
    /// The order's version this change made, as the store keeps it; nil before it is stored.
    public var version: Int?
    /// By which door the change came in; nil before it is stored, and for entries written before
    /// sources were kept (migration 14 on both engines), except a rule's (its actor says so).
    public var source: AuditSource?
    /// The entry's place in its store's history (ascending in the order written); nil before it is stored.
    public var id: Int64?

    public init(orderID: OrderID, at: Date, actor: String, field: String, oldValue: String?, newValue: String?,
                version: Int? = nil, source: AuditSource? = nil, id: Int64? = nil) {
        self.orderID = orderID
        self.at = at
        self.actor = actor
        self.field = field
        self.oldValue = oldValue
        self.newValue = newValue
        self.version = version
        self.source = source
        self.id = id
    }

    /// The entry with its source set for writing through `door`, unless it has one already.
    public func stamped(writtenBy door: AuditSource) -> AuditEntry {
        var entry = self
        entry.source = source ?? AuditSource.of(actor: actor, door: door)
        return entry
    }

    /// The entry an import or a shop's pull (`door`) writes when it replaces a stored order at `version`
    /// as a whole, stamped with that door.
    package static func replaced(_ id: OrderID, at date: Date, actor: String, version: Int, through door: AuditSource) -> AuditEntry {
        AuditEntry(orderID: id, at: date, actor: actor, field: replacedField, oldValue: "version \(version)",
                   newValue: door == .shop ? "replaced by the shop's copy" : "replaced by import").stamped(writtenBy: door)
    }

    /// The field of the entry that records the workflow state before and after a change that moved it
    /// (`OrderWorkflowState`, as JSON): what undo puts back. The entries beside it say the same in words.
    public static let workflowField = "workflow"
    /// The field of an undo's own entry: its new value names the version taken back ("version 7").
    public static let undoField = "undo"
    /// The field of an import's replacement of the whole order.
    public static let replacedField = "order"

    /// Whether people read this entry in a history (every entry but the workflow state, which the
    /// entries beside it put in words).
    public var isForPeople: Bool { field != Self.workflowField }

    /// The undo entry's text for taking back `version`.
    static func undoText(of version: Int) -> String { "version \(version)" }

    /// The version an undo entry's text names.
    static func undoneVersion(in text: String?) -> Int? {
        guard let text, text.hasPrefix("version ") else { return nil }
        return Int(text.dropFirst("version ".count))
    }
}
