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
}
