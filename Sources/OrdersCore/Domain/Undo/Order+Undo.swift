import Foundation

/// Undo as a change of its own: what the change that made a version did is put back by a new version,
/// written to the history like any change (history is never rewritten). The consuming part of a change
/// (payment, fulfilment, sent units, refunds, cancellation, closing) is put back from the state its
/// `workflow` entry recorded, and only when nothing has moved that state since: of an operator undoing a
/// shipment and another refunding meanwhile, the undo is refused with what changed, never applied over
/// it. The commuting part (tags, flag, assignee, notes) is inverted entry by entry, as appends commute.
extension Order {
    /// `apply`, and the entries a store keeps for it: when the change moved the workflow, the state before
    /// and after it (the `workflow` entry, which undo reads). Every writer of a change uses this: the
    /// stores' updates (`AuditTrail`) and the rules (`RuleBook`), so whatever they change can be undone.
    public mutating func applyRecordingUndo(_ mutations: [OrderMutation], actor: String, at date: Date,
                                            history: OrderChangeHistory? = nil) throws -> [AuditEntry] {
        // Tags, flag, assignee and notes cannot move the workflow: no states to take and compare
        // (the rules' tags and notes on every imported order took them for nothing).
        if mutations.allSatisfy(\.leavesWorkflow) { return try apply(mutations, actor: actor, at: date, history: history) }
        let before = OrderWorkflowState(self)
        var entries = try apply(mutations, actor: actor, at: date, history: history)
        let after = OrderWorkflowState(self)
        if !entries.isEmpty, after != before {
            entries.append(AuditEntry(orderID: id, at: date, actor: actor, field: AuditEntry.workflowField,
                                      oldValue: before.historyText, newValue: after.historyText))
        }
        return entries
    }

    /// What undoing one version asks of the order.
    struct UndoPlan {
        var version: Int
        /// The workflow state to put back, when the change moved it.
        var workflowBefore: OrderWorkflowState?
        /// The inverses of the change's commuting parts, newest first.
        var inverses: [OrderMutation]
    }

    /// The history fields a workflow move writes; a change with any of them and no `workflow` entry
    /// was recorded by an earlier version of orders, which kept no sent units to put back.
    static let workflowFields: Set<String> = ["status", "payment", "fulfillment", "fulfilled_lines", "refunds", "cancel_reason", "closed"]

    /// The plan for undoing the change that made `requested` (the latest undoable change when nil),
    /// refused with the reason when the history or the state since does not allow it.
    func undoPlan(_ requested: Int?, history: OrderChangeHistory) throws(UndoError) -> UndoPlan {
        func refusal(_ reason: String) -> UndoError { UndoError(number: number, reason: reason) }
        guard let version = requested ?? history.latestUndoable else { throw refusal("it has no change to take back") }
        let written = history.entries(ofVersion: version)
        guard !written.isEmpty else { throw refusal("its history has no version \(version)") }
        if OrderChangeHistory.undoneVersion(by: written) != nil {
            throw refusal("version \(version) is itself an undo: do the change again instead")
        }
        if history.undoneVersions.contains(version) { throw refusal("version \(version) was undone already") }
        if written.contains(where: { $0.field == AuditEntry.replacedField }) {
            throw refusal("version \(version) is an import of the order as a whole, which undo does not take back")
        }
        var plan = UndoPlan(version: version, workflowBefore: nil, inverses: [])
        // Rules write one entry each within one version: the first says where it started, the last where it ended.
        let workflow = written.filter { $0.field == AuditEntry.workflowField }
        if let first = workflow.first, let last = workflow.last {
            guard let before = OrderWorkflowState(historyText: first.oldValue),
                  let after = OrderWorkflowState(historyText: last.newValue) else {
                throw refusal("version \(version) was written by a newer version of orders")
            }
            let now = OrderWorkflowState(self)
            guard now == after else {
                throw refusal("its \(now.differences(from: after).joined(separator: ", ")) changed since version \(version): "
                              + "undo the later change first")
            }
            guard before.sent.count == items.count else {
                throw refusal("its lines are not the lines version \(version) changed (the order was imported again since)")
            }
            let lost = before.refunds.filter { id in !refunds.contains { $0.id == id } }
            guard lost.isEmpty else {
                throw refusal("version \(version) took back refund \(lost.joined(separator: ", ")), which undo cannot "
                              + "give again: make the refund again")
            }
            plan.workflowBefore = before
        } else if written.contains(where: { Self.workflowFields.contains($0.field) }) {
            throw refusal("version \(version) was recorded before orders kept each line's sent units, so it cannot be put back exactly")
        }
        plan.inverses = written.reversed().compactMap(Self.inverse(of:))
        return plan
    }

    /// The change that takes back one commuting history entry; nil for the others.
    private static func inverse(of entry: AuditEntry) -> OrderMutation? {
        switch (entry.field, entry.oldValue, entry.newValue) {
        case ("tags", nil, let added?): .removeTag(added)
        case ("tags", let removed?, nil): .addTag(removed)
        case ("flagged", let old?, _): .setFlagged(old == String(true))
        case ("assignee", let old, _): .setAssignee(old)
        case ("notes", nil, let added?): .removeNote(added)
        case ("notes", let removed?, nil): .addNote(removed)
        default: nil
        }
    }

    /// Puts the workflow fields back to `before` (the plan has checked that they still are as the
    /// change left them); returns the history's entries for what moved, as field, old and new.
    mutating func restoreWorkflow(to before: OrderWorkflowState) -> [(field: String, old: String?, new: String?)] {
        var changes: [(field: String, old: String?, new: String?)] = []
        let statusBefore = status
        var takenBack: [ShipmentLine] = []
        var sentAgain: [ShipmentLine] = []
        for index in items.indices {
            let difference = items[index].fulfilledQuantity - before.sent[index]
            if difference > 0 { takenBack.append(ShipmentLine(line: index, quantity: difference)) }
            if difference < 0 { sentAgain.append(ShipmentLine(line: index, quantity: -difference)) }
        }
        if !takenBack.isEmpty { changes.append(("fulfilled_lines", Shipment(lines: takenBack).auditText(of: items), nil)) }
        if !sentAgain.isEmpty { changes.append(("fulfilled_lines", nil, Shipment(lines: sentAgain).auditText(of: items))) }
        for refund in refunds where !before.refunds.contains(refund.id) {
            changes.append(("refunds", refund.auditText(in: currency), nil))
        }
        refunds.removeAll { !before.refunds.contains($0.id) }
        for index in items.indices { items[index].fulfilledQuantity = before.sent[index] }
        trackingNumbers = before.tracking
        if payment != before.payment { changes.append(("payment", payment.rawValue, before.payment.rawValue + " (undo)")) }
        if fulfillment != before.fulfillment {
            changes.append(("fulfillment", fulfillment.rawValue, before.fulfillment.rawValue + " (undo)"))
        }
        if cancelReason != before.cancelReason { changes.append(("cancel_reason", cancelReason, before.cancelReason)) }
        if isClosed != before.closed { changes.append(("closed", String(isClosed), String(before.closed) + " (undo)")) }
        payment = before.payment
        fulfillment = before.fulfillment
        cancelledAt = before.cancelledMs.map(Date.init(millisecondsSince1970:))
        cancelReason = before.cancelReason
        isClosed = before.closed
        if status != statusBefore { changes.insert(("status", statusBefore.rawValue, status.rawValue + " (undo)"), at: 0) }
        return changes
    }
}
