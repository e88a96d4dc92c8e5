import Foundation

extension Order {
    /// Applies changes in order, all or nothing: if any is refused the order is
    /// left untouched and the error is thrown. On success `updatedAt` becomes `date`,
    /// `version` goes up by one, and one audit entry per effective change is returned.
    /// Changes that change nothing (flagging a flagged order) produce no entry.
    ///
    /// `history` is the order's history, which only an undo (`undoChange`) reads; without it an undo is refused.
    public mutating func apply(_ mutations: [OrderMutation], actor: String, at date: Date,
                               history: OrderChangeHistory? = nil) throws -> [AuditEntry] {
        var copy = self
        var entries: [AuditEntry] = []
        func record(_ field: String, _ old: String?, _ new: String?) {
            entries.append(AuditEntry(orderID: id, at: date, actor: actor, field: field, oldValue: old, newValue: new))
        }
        /// A workflow move that sends lines (to shipped, fulfil all) says which units it sent, as a shipment does.
        func recordLinesSent(since before: [Int]) {
            let sent = copy.items.indices.compactMap { index in
                let units = copy.items[index].fulfilledQuantity - before[index]
                return units > 0 ? ShipmentLine(line: index, quantity: units) : nil
            }
            if !sent.isEmpty { record("fulfilled_lines", nil, Shipment(lines: sent).auditText(of: copy.items)) }
        }
        func step(_ mutation: OrderMutation) throws {
            switch mutation {
            case .setStatus(let next):
                guard copy.status.canTransition(to: next) else {
                    throw StatusTransitionError(orderID: id, from: copy.status, to: next)
                }
                // Refunded means the money went back: the whole order records it as a refund of everything
                // outstanding, as the detail's `:refund all` does. A list row (no lines, no total) only
                // shows the move; the store, holding the whole order, records the refund.
                if next == .refunded, copy.holdsLines, copy.outstanding > 0 {
                    try step(.refund(copy.refundOfEverythingOutstanding(at: date)))
                    return
                }
                let sentBefore = copy.items.map(\.fulfilledQuantity)
                record("status", copy.status.rawValue, next.rawValue)
                copy.moveTriage(to: next, at: date)
                recordLinesSent(since: sentBefore)
            case .restoreStatus(let previous):
                guard previous != copy.status else { return }
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
                let sentBefore = copy.items.map(\.fulfilledQuantity)
                record("fulfillment", copy.fulfillment.rawValue, next.rawValue)
                copy.fulfillment = next
                copy.alignLines(undoing: false)
                recordLinesSent(since: sentBefore)
                // A status the lines do not give is refused: nothing left to send cannot become fulfilled.
                if next.isGivenByLines, copy.holdsLines, copy.linesFulfillment != next {
                    throw FulfilmentError(number: number, reason: next == .fulfilled ? copy.nothingLeftToSendReason
                                          : "its lines give \(copy.linesFulfillment): choose the lines that were sent")
                }
            case .restorePayment(let previous):
                guard previous != copy.payment else { return }
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
                guard previous != copy.fulfillment else { return }
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
                guard copy.cancelledAt != nil, reason != copy.cancelReason else { return }
                record("cancel_reason", copy.cancelReason, reason)
                copy.cancelReason = reason
            case .setClosed(let closed):
                guard closed != copy.isClosed else { return }
                record("closed", String(copy.isClosed), String(closed))
                copy.isClosed = closed
            case .setFlagged(let flagged):
                guard flagged != copy.flagged else { return }
                record("flagged", String(copy.flagged), String(flagged))
                copy.flagged = flagged
            case .addTag(let tag):
                let tag = Order.trimmedTag(tag)
                guard !tag.isEmpty, !copy.tags.contains(tag) else { return }
                record("tags", nil, tag)
                copy.tags.append(tag)
            case .removeTag(let tag):
                guard let index = copy.tags.firstIndex(of: tag) else { return }
                record("tags", tag, nil)
                copy.tags.remove(at: index)
            case .setAssignee(let assignee):
                let assignee = assignee.flatMap { $0.isEmpty ? nil : $0 }
                guard assignee != copy.assignee else { return }
                record("assignee", copy.assignee, assignee)
                copy.assignee = assignee
            case .addNote(let text):
                guard !Order.isBlank(text) else { return }
                record("notes", nil, text)
                copy.notes.append(OrderNote(createdAt: date, author: actor, text: text))
            case .removeNote(let text):
                guard let index = copy.notes.lastIndex(where: { $0.text == text }) else { return }
                record("notes", text, nil)
                copy.notes.remove(at: index)
            case .undoChange(let version):
                guard let history else {
                    throw UndoError(number: number, reason: "its history is not at hand (only the store can undo a change)")
                }
                let plan = try copy.undoPlan(version, history: history)
                record(AuditEntry.undoField, nil, AuditEntry.undoText(of: plan.version))
                if let before = plan.workflowBefore {
                    for change in copy.restoreWorkflow(to: before) { record(change.field, change.old, change.new) }
                }
                for inverse in plan.inverses { try step(inverse) }
            }
        }
        for mutation in mutations { try step(mutation) }
        guard !entries.isEmpty else { return [] }
        copy.updatedAt = date
        copy.version += 1
        self = copy
        return entries
    }

    /// A tag as an order keeps it: without spaces or tabs at either end (`CharacterSet.whitespaces`).
    /// A tag that begins and ends with a visible ASCII character has none, and is returned as it is
    /// without Foundation's trimming (the rules add tags to most imported orders).
    static func trimmedTag(_ tag: String) -> String {
        if let first = tag.utf8.first, let last = tag.utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return tag
        }
        return tag.trimmingCharacters(in: .whitespaces)
    }
}
