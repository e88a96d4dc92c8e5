import Foundation

/// What a shop's export owns on an order and what the operators own: the one home of the rule a
/// daily re-import follows. Why it is split this way: the shop is where money is taken and goods
/// are sent, so its file is the truth of payment, fulfilment, refunds, items, addresses, totals
/// and the customer; the operators' triage lives only here (flags, assignees, staff notes, tags
/// added here, history), and an export knows nothing of it, so a re-import must never undo it.
/// Statuses are the shop's until an operator changes one here; then the operator's value stays
/// until the shop changes that status too, which is a conflict (`ShopConflict`), kept and reported.
public enum ShopOwnership {
    /// The audit fields of status changes made here (`Order.apply` writes them).
    static let localStatusFields: Set<String> = ["status", "payment", "fulfillment"]

    /// The order to store when the shop's file says `incoming` about the stored order `stored`,
    /// whose history holds the local changes (`history` may be empty when the caller has not read
    /// it: then every status is taken as the shop's, which is right whenever there were none).
    static func merge(_ incoming: Order, into stored: Order, history: [AuditEntry], actor: String, at date: Date)
        -> (order: Order, conflicts: [ShopConflict]) {
        var merged = incoming
        merged.id = stored.id
        merged.version = stored.version
        // Operators' own: never in an export.
        merged.flagged = stored.flagged
        merged.assignee = stored.assignee
        // Tags: the stored ones (the shop's and those added here), then the shop's new ones, except
        // those an operator removed here.
        let removedHere = Set(history.filter { $0.field == "tags" && $0.newValue == nil }.compactMap(\.oldValue))
        merged.tags = stored.tags + incoming.tags.filter { !stored.tags.contains($0) && !removedHere.contains($0) }
        // Notes: every stored one (staff notes written here among them), then the shop's new ones.
        merged.notes = stored.notes + incoming.notes.filter { note in
            !stored.notes.contains { $0.author == note.author && $0.text == note.text }
        }
        // Refunds made here (ids `R1`…, the shop's are `S1`…) stay beside the shop's.
        merged.refunds = incoming.refunds + stored.refunds.filter { !$0.id.hasPrefix("S") }
        merged.updatedAt = max(incoming.updatedAt, stored.updatedAt)
        let conflicts = keepLocalStatuses(of: stored, in: &merged, shopSays: incoming, history: history)
        for conflict in conflicts where !merged.notes.contains(where: { $0.text == conflict.noteText }) {
            merged.notes.append(OrderNote(createdAt: date, author: actor, text: conflict.noteText))
        }
        return (merged, conflicts)
    }

    /// Puts back each status an operator changed here, and names the conflicts: a status the
    /// shop changed too since the operator's first change (the change's old value is what the
    /// shop said then).
    private static func keepLocalStatuses(of stored: Order, in merged: inout Order, shopSays incoming: Order,
                                          history: [AuditEntry]) -> [ShopConflict] {
        let local = history.filter { localStatusFields.contains($0.field) }
        guard !local.isEmpty else { return [] }
        var conflicts: [ShopConflict] = []
        func keep(_ field: String, shop: String, storedValue: String, restore: (inout Order) -> Void) {
            guard let first = local.first(where: { $0.field == field || $0.field == "status" }) else { return }
            restore(&merged)
            guard shop != storedValue else { return }
            // The shop still says what it said when the operator changed it: the operator's value stands.
            if first.field == field, first.oldValue == shop { return }
            conflicts.append(ShopConflict(order: stored.reference, field: field, kept: storedValue, shopSays: shop))
        }
        keep("payment", shop: incoming.payment.rawValue, storedValue: stored.payment.rawValue) { $0.payment = stored.payment }
        keep("fulfillment", shop: incoming.fulfillment.rawValue, storedValue: stored.fulfillment.rawValue) {
            $0.fulfillment = stored.fulfillment
        }
        if local.contains(where: { $0.field == "status" }) {
            let shopStatus = Order.triage(payment: stored.payment, fulfillment: stored.fulfillment,
                                          cancelledAt: incoming.cancelledAt, isClosed: incoming.isClosed)
            merged.cancelledAt = stored.cancelledAt
            merged.cancelReason = stored.cancelReason
            merged.isClosed = stored.isClosed
            let first = local.first { $0.field == "status" }
            if shopStatus != stored.status, first?.oldValue != shopStatus.rawValue {
                conflicts.append(ShopConflict(order: stored.reference, field: "status", kept: stored.status.rawValue,
                                              shopSays: shopStatus.rawValue))
            }
        }
        return conflicts
    }
}
