extension OrderMutation {
    /// Whether this is the store's undo of a version (`undoChange`): it needs the order's history.
    public var isUndo: Bool {
        if case .undoChange = self { true } else { false }
    }

    /// True for a change that only adds to the order (a note, a tag). Such changes
    /// commute with anything another operator did meanwhile: applied to the latest
    /// version they overwrite nothing, so they need no optimistic version check.
    /// Every change that replaces a value (status, flag, assignee) or removes
    /// something the operator saw keeps the check.
    public var isAppend: Bool {
        switch self {
        case .addNote, .addTag: true
        case .setStatus, .restoreStatus, .setPayment, .setFulfillment, .restorePayment, .restoreFulfillment, .refund, .removeRefund,
             .fulfilLines, .unfulfilLines, .setCancelReason, .setClosed, .setFlagged, .removeTag, .setAssignee, .removeNote, .undoChange: false
        }
    }

    /// The operators' bookkeeping of an order: fields a change of which never moves its workflow (status,
    /// payment, lines sent, refunds, cancellation, closing), each changed by its own mutations.
    static let bookkeepingFields: Set<String> = ["notes", "tags", "assignee", "flagged"]

    /// The bookkeeping field this change writes, or nil for a change of the workflow (or an undo).
    var bookkeepingField: String? {
        switch self {
        case .addNote, .removeNote: "notes"
        case .addTag, .removeTag: "tags"
        case .setAssignee: "assignee"
        case .setFlagged: "flagged"
        case .setStatus, .restoreStatus, .setPayment, .setFulfillment, .restorePayment, .restoreFulfillment, .refund, .removeRefund,
             .fulfilLines, .unfulfilLines, .setCancelReason, .setClosed, .undoChange: nil
        }
    }

    /// Whether these changes, made by someone who saw an earlier version, still mean what they meant
    /// after the changes since (`later`, the history entries written after that version), so they may be
    /// applied to the latest version instead of being refused as a conflict (conflicts per fact, not per
    /// version). An append always does. A bookkeeping change does when nobody changed its own field
    /// since. A change of the workflow reads the whole workflow (what is left to send, what may still be
    /// given back, whether it is on hold), so it does only when everything since was bookkeeping: two
    /// operators sending the last unit, or giving back the last money, never both succeed. An undo never
    /// does: it names a version and is refused by its own rules when that version has moved on.
    /// An import that replaced the whole order since changed every field, so nothing commutes with it.
    package static func commute(_ mutations: [OrderMutation], withLater later: [AuditEntry]) -> Bool {
        let changed = Set(later.map(\.field))
        if changed.contains(AuditEntry.replacedField) { return mutations.allSatisfy(\.isAppend) }
        return mutations.allSatisfy { mutation in
            if mutation.isAppend { return true }
            if mutation.isUndo { return false }
            if let field = mutation.bookkeepingField { return !changed.contains(field) }
            return changed.isSubset(of: bookkeepingFields)
        }
    }
}
