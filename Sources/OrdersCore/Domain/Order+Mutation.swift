import Foundation

extension Order {
    /// Applies changes in order, all or nothing: if any is refused the order is
    /// left untouched and the error is thrown. On success `updatedAt` becomes `date`,
    /// `version` goes up by one, and one audit entry per effective change is returned.
    /// Changes that change nothing (flagging a flagged order) produce no entry.
    public mutating func apply(_ mutations: [OrderMutation], actor: String, at date: Date) throws -> [AuditEntry] {
        var copy = self
        var entries: [AuditEntry] = []
        func record(_ field: String, _ old: String?, _ new: String?) {
            entries.append(AuditEntry(orderID: id, at: date, actor: actor, field: field, oldValue: old, newValue: new))
        }
        for mutation in mutations {
            switch mutation {
            case .setStatus(let next):
                guard copy.status.canTransition(to: next) else {
                    throw StatusTransitionError(orderID: id, from: copy.status, to: next)
                }
                record("status", copy.status.rawValue, next.rawValue)
                copy.moveTriage(to: next, at: date)
            case .restoreStatus(let previous):
                guard previous != copy.status else { continue }
                record("status", copy.status.rawValue, previous.rawValue + " (undo)")
                copy.moveTriage(to: previous, at: date)
            case .setPayment(let next):
                guard copy.payment.canTransition(to: next) else {
                    throw StateTransitionError(orderID: id, field: "payment", from: copy.payment.rawValue, to: next.rawValue,
                                               allowed: copy.payment.allowedNextStatuses.map(\.rawValue))
                }
                record("payment", copy.payment.rawValue, next.rawValue)
                copy.payment = next
                if next == .voided, copy.cancelledAt == nil { copy.cancelledAt = date }
            case .setFulfillment(var next):
                // Released, the order is again what its lines give (partly sent stays partly sent).
                if copy.fulfillment == .onHold, next == .unfulfilled, copy.holdsLines { next = copy.linesFulfillment }
                guard copy.fulfillment.canTransition(to: next) else {
                    throw StateTransitionError(orderID: id, field: "fulfillment", from: copy.fulfillment.rawValue, to: next.rawValue,
                                               allowed: copy.fulfillment.allowedNextStatuses.map(\.rawValue))
                }
                record("fulfillment", copy.fulfillment.rawValue, next.rawValue)
                copy.fulfillment = next
                copy.alignLines(undoing: false)
                // A status the lines do not give is refused: nothing left to send cannot become fulfilled.
                if [.unfulfilled, .partiallyFulfilled, .fulfilled].contains(next), copy.holdsLines, copy.linesFulfillment != next {
                    throw FulfilmentError(number: number, reason: next == .fulfilled ? copy.nothingLeftToSendReason
                                          : "its lines give \(copy.linesFulfillment): choose the lines that were sent")
                }
            case .restorePayment(let previous):
                guard previous != copy.payment else { continue }
                record("payment", copy.payment.rawValue, previous.rawValue + " (undo)")
                copy.payment = previous
            case .restoreFulfillment(let previous):
                // The lines follow even when a status move before it already put the fulfilment back
                // (undoing an advance to shipped): an undo to unfulfilled leaves nothing sent.
                copy.alignLines(to: previous, undoing: true)
                // Back to partly sent from everything sent: which units were sent before is not known
                // here, and an order whose lines say otherwise than its status cannot exist.
                if previous == .partiallyFulfilled, copy.holdsLines, copy.linesFulfillment != .partiallyFulfilled {
                    throw FulfilmentError(number: number, reason: "the units sent before everything was sent are not "
                                          + "known line by line, so it stays fulfilled")
                }
                guard previous != copy.fulfillment else { continue }
                record("fulfillment", copy.fulfillment.rawValue, previous.rawValue + " (undo)")
                copy.fulfillment = previous
            case .refund(let refund):
                let before = try copy.recordRefund(refund)
                record("refunds", nil, refund.auditText(in: copy.currency))
                if copy.payment != before { record("payment", before.rawValue, copy.payment.rawValue) }
            case .removeRefund(let refundID):
                let removed = try copy.removeRefund(id: refundID)
                record("refunds", removed.auditText(in: copy.currency), nil)
            case .fulfilLines(let shipment):
                let before = try copy.recordShipment(shipment)
                record("fulfilled_lines", nil, shipment.auditText(of: copy.items))
                if copy.fulfillment != before { record("fulfillment", before.rawValue, copy.fulfillment.rawValue) }
            case .unfulfilLines(let shipment):
                try copy.removeShipment(shipment)
                record("fulfilled_lines", shipment.auditText(of: copy.items), nil)
            case .setCancelReason(let reason):
                let reason = reason.flatMap { Order.isBlank($0) ? nil : $0 }
                // Only a cancelled order has a reason; the cancel action moves the status first.
                guard copy.cancelledAt != nil, reason != copy.cancelReason else { continue }
                record("cancel_reason", copy.cancelReason, reason)
                copy.cancelReason = reason
            case .setFlagged(let flagged):
                guard flagged != copy.flagged else { continue }
                record("flagged", String(copy.flagged), String(flagged))
                copy.flagged = flagged
            case .addTag(let tag):
                let tag = tag.trimmingCharacters(in: .whitespaces)
                guard !tag.isEmpty, !copy.tags.contains(tag) else { continue }
                record("tags", nil, tag)
                copy.tags.append(tag)
            case .removeTag(let tag):
                guard let index = copy.tags.firstIndex(of: tag) else { continue }
                record("tags", tag, nil)
                copy.tags.remove(at: index)
            case .setAssignee(let assignee):
                let assignee = assignee.flatMap { $0.isEmpty ? nil : $0 }
                guard assignee != copy.assignee else { continue }
                record("assignee", copy.assignee, assignee)
                copy.assignee = assignee
            case .addNote(let text):
                guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
                record("notes", nil, text)
                copy.notes.append(OrderNote(createdAt: date, author: actor, text: text))
            case .removeNote(let text):
                guard let index = copy.notes.lastIndex(where: { $0.text == text }) else { continue }
                record("notes", text, nil)
                copy.notes.remove(at: index)
            }
        }
        guard !entries.isEmpty else { return [] }
        copy.updatedAt = date
        copy.version += 1
        self = copy
        return entries
    }
}
