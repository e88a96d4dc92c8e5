import Foundation
import OrdersCore
import OrdersStorage

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
    ///
    /// The same file imported again must change nothing, so what is stored is a merge that merging
    /// the same file into again leaves as it is. One merge is not always that: a status derived from
    /// the facts it took (`followRefunds`, `followLines`) can differ from both sides, and the next
    /// merge then finds a conflict with the shop the first could not see. So the merge is repeated
    /// on its own result, the same history standing (an import's write is not a change made here),
    /// until it changes nothing (`ShopOrderSequenceModelTests` imports the same file twice after
    /// every re-import); at most three more rounds, so that no file can make it loop.
    static func merge(_ incoming: Order, into stored: Order, history: [AuditEntry], actor: String, at date: Date)
        -> (order: Order, conflicts: [ShopConflict]) {
        var result = mergeOnce(incoming, into: stored, history: history, actor: actor, at: date)
        for _ in 0..<3 where !StoreRules.isSame(result.order, as: stored) {
            let again = mergeOnce(incoming, into: result.order, history: history, actor: actor, at: date)
            if StoreRules.isSame(again.order, as: result.order) {
                result.conflicts = again.conflicts
                break
            }
            result = again
        }
        return result
    }

    private static func mergeOnce(_ incoming: Order, into stored: Order, history: [AuditEntry], actor: String, at date: Date)
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
        merged.refunds = mergedRefunds(incoming.refunds, stored.refunds)
        merged.updatedAt = max(incoming.updatedAt, stored.updatedAt)
        var conflicts = keepLocalStatuses(of: stored, in: &merged, shopSays: incoming, history: history)
        followRefunds(&merged, shopSays: incoming, conflicts: &conflicts)
        followLines(&merged, shopSays: incoming, conflicts: &conflicts)
        restateStatusConflict(of: merged, in: &conflicts)
        for conflict in conflicts where !merged.notes.contains(where: { $0.text == conflict.noteText }) {
            merged.notes.append(OrderNote(createdAt: date, author: actor, text: conflict.noteText))
        }
        return (merged, conflicts)
    }

    /// The shop's refunds (`S1`…), then those made here (`R1`…) in their order. A refund made here that
    /// the shop has too (sent from here: the mapper gave the shop's copy its id here) is kept as it was
    /// recorded here, the operator's words with it, and counted once. The shop's copy of one no longer
    /// here (undone after it was sent) stays: the shop gave that money back, so the order says so; when
    /// a later refund here took its id meanwhile (another amount), the shop's copy takes the next `S` id.
    static func mergedRefunds(_ incoming: [Refund], _ stored: [Refund]) -> [Refund] {
        let madeHere = stored.filter { !$0.id.hasPrefix("S") }
        var merged = incoming.filter { $0.id.hasPrefix("S") } + madeHere
        for refund in incoming where !refund.id.hasPrefix("S") {
            guard let here = madeHere.first(where: { $0.id == refund.id }) else {
                merged.append(refund)
                continue
            }
            guard here.amount != refund.amount else { continue }
            var theirs = refund
            var number = merged.count { $0.id.hasPrefix("S") } + 1
            while merged.contains(where: { $0.id == "S\(number)" }) { number += 1 }
            theirs.id = "S\(number)"
            merged.append(theirs)
        }
        return merged
    }

    /// Puts back each status an operator changed here, with what goes with it, and names the
    /// conflicts. The shop's value is applied only when the shop changed it since the operator's
    /// first change here (what the shop said then is that change's old value: the field's own, or
    /// the triage status when the operator moved the status); otherwise the file says nothing new
    /// about it and the operator's value stands untouched. When both changed, the operator's value
    /// is kept and the conflict named.
    private static func keepLocalStatuses(of stored: Order, in merged: inout Order, shopSays incoming: Order,
                                          history: [AuditEntry]) -> [ShopConflict] {
        let local = history.filter { localStatusFields.contains($0.field) || $0.field == "fulfilled_lines" }
        guard !local.isEmpty else { return [] }
        let shopTriage = Order.triage(payment: incoming.payment, fulfillment: incoming.fulfillment,
                                      cancelledAt: incoming.cancelledAt, isClosed: incoming.isClosed)
        var conflicts: [ShopConflict] = []
        func keep<Value: RawRepresentable & Equatable>(_ field: String, _ path: WritableKeyPath<Order, Value>)
            where Value.RawValue == String {
            guard let first = local.first(where: { $0.field == field || $0.field == "status" }) else { return }
            merged[keyPath: path] = stored[keyPath: path]
            let shop = incoming[keyPath: path]
            guard shop != stored[keyPath: path],
                  shopChanged(field, shop: shop.rawValue, since: first, shopTriage: shopTriage) else { return }
            // The operator moved the status rather than this field: the shop's new value is taken
            // when it leaves the status the operator chose (the shop sent what was marked shipped here).
            if first.field == "status" {
                var agreeing = stored
                agreeing[keyPath: path] = shop
                if agreeing.status == stored.status {
                    merged[keyPath: path] = shop
                    return
                }
            }
            conflicts.append(ShopConflict(order: stored.reference, field: field, kept: stored[keyPath: path].rawValue,
                                          shopSays: shop.rawValue))
        }
        keep("payment", \.payment)
        keep("fulfillment", \.fulfillment)
        // What was sent goes with the fulfilment: lines sent here (a shipment, or a move to shipped
        // that sent every line) keep their sent quantities and tracking numbers.
        if local.contains(where: { ["fulfillment", "status", "fulfilled_lines"].contains($0.field) }) {
            keepSentLines(of: stored, in: &merged)
        }
        if local.contains(where: { $0.field == "status" }) {
            // The payment and fulfilment as merged (the shop's where they were taken above), so that
            // the same file imported again finds the same conflict, not one it could not see the first time.
            let shopStatus = Order.triage(payment: merged.payment, fulfillment: merged.fulfillment,
                                          cancelledAt: incoming.cancelledAt, isClosed: incoming.isClosed)
            merged.cancelledAt = stored.cancelledAt
            merged.cancelReason = stored.cancelReason
            merged.isClosed = stored.isClosed
            let first = local.first { $0.field == "status" }
            if shopStatus != stored.status, first?.oldValue != shopStatus.rawValue, first?.oldValue != shopTriage.rawValue {
                conflicts.append(ShopConflict(order: stored.reference, field: "status", kept: stored.status.rawValue,
                                              shopSays: shopStatus.rawValue))
            }
        }
        return conflicts
    }

    /// The refunds are facts, whatever payment an operator chose here: with refunds the payment is
    /// what they leave, and without any it cannot be refunded (the shop's file no longer has the
    /// refund an earlier one had: an older export), so it is the shop's. A payment kept against the
    /// refunds would be one that cannot be, so that is no conflict kept. Unless the shop's file
    /// itself states a payment its refunds do not give: its word stays, as a first import kept it,
    /// so the same file imported again changes nothing.
    private static func followRefunds(_ merged: inout Order, shopSays incoming: Order, conflicts: inout [ShopConflict]) {
        guard incoming.paymentAgreesWithRefunds else { return }
        let payment: PaymentStatus
        if let given = merged.paymentLeftByRefunds {
            payment = given
        } else if merged.payment.isGivenByRefunds {
            payment = incoming.payment
        } else {
            return
        }
        guard merged.payment != payment else { return }
        merged.payment = payment
        conflicts.removeAll { $0.field == "payment" }
    }

    /// The lines are facts too: a fulfilment that is a line state is what the merged lines give (the
    /// shop's file says partly sent of an order whose unsent unit was refunded here, which leaves
    /// nothing to send). Unless the shop's file itself states a fulfilment its lines do not give
    /// (fulfilled, its lines still pending): a status the shop only states is its word, and stays.
    private static func followLines(_ merged: inout Order, shopSays incoming: Order, conflicts: inout [ShopConflict]) {
        guard merged.fulfillment.isGivenByLines, merged.holdsLines, merged.fulfillment != merged.linesFulfillment,
              !incoming.fulfillment.isGivenByLines || incoming.fulfillment == incoming.linesFulfillment else { return }
        merged.fulfillment = merged.linesFulfillment
        conflicts.removeAll { $0.field == "fulfillment" }
    }

    /// A status kept here is the status the merged order has: the facts followed above may have moved
    /// it (a refund the shop made turns a kept shipped into refunded), so the conflict names that one,
    /// and none is left when it is now what the shop says. Otherwise the note would name a status the
    /// order no longer has, and the same file imported again would find another one.
    private static func restateStatusConflict(of merged: Order, in conflicts: inout [ShopConflict]) {
        for index in conflicts.indices.reversed() where conflicts[index].field == "status" {
            if merged.status.rawValue == conflicts[index].shopSays {
                conflicts.remove(at: index)
            } else {
                conflicts[index].kept = merged.status.rawValue
            }
        }
    }

    /// Whether the shop's `shop` value of `field` differs from what it said when an operator first
    /// changed the order here (`first`): the field's old value, or, for a move of the triage status,
    /// the status the shop's values gave then.
    private static func shopChanged(_ field: String, shop: String, since first: AuditEntry, shopTriage: OrderStatus) -> Bool {
        if first.field == field { return first.oldValue != shop }
        return first.oldValue != shopTriage.rawValue
    }

    /// Puts back the sent quantities of the stored lines (each line the shop still has, the same
    /// product and quantity at the same place) and the tracking numbers recorded here. Units sent
    /// never go back: a line keeps the more of what was sent here (the shop's file may not know it
    /// yet) and what the shop says it sent (it sent what was cancelled here, or more than here), so
    /// the same file imported again finds the same lines.
    private static func keepSentLines(of stored: Order, in merged: inout Order) {
        for index in merged.items.indices where stored.items.indices.contains(index) {
            let kept = stored.items[index]
            guard kept.sku == merged.items[index].sku, kept.title == merged.items[index].title,
                  kept.quantity == merged.items[index].quantity else { continue }
            merged.items[index].fulfilledQuantity = max(kept.fulfilledQuantity, merged.items[index].fulfilledQuantity)
        }
        merged.trackingNumbers += stored.trackingNumbers.filter { !merged.trackingNumbers.contains($0) }
    }
}
