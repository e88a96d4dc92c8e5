import Foundation
import OrdersCore

/// What one change made here means for the order's shop, whichever store wrote it: the one rule
/// every store's `update` follows (`queueShopFacts`), so SQLite and PostgreSQL queue the same facts.
public struct ShopOutboxChange: Hashable, Sendable {
    /// The facts to queue, in the order the shop should learn them.
    public var facts: [ShopFact]
    /// The version an undo in this change took back: its facts not yet sent are withdrawn, so the shop
    /// learns neither the change nor its undo. A fact already sent (or whose send began) stays: the shop
    /// has it, and this slice sends nothing that takes a shop's fact back (see README, "Connecting a shop").
    public var withdrawnVersion: Int?

    public var isEmpty: Bool { facts.isEmpty && withdrawnVersion == nil }
}

enum ShopFacts {
    /// The facts a change tells the shop, from what the store keeps of it: the workflow state before
    /// and after (`OrderWorkflowState`, the history's `workflow` entry), the history's `tags` and
    /// `notes` entries, and the operator's shipment for what the order itself does not keep (carrier,
    /// whether to notify). Pure: the same change gives the same facts on every engine.
    ///
    /// - Fulfilment becoming on hold is a hold; its reason is the note the same change added (`orders
    ///   hold --reason`, `:hold REASON`, a rule's `On hold: REASON`), which is then not a note fact of its own. Leaving on hold (not by cancelling)
    ///   is a release.
    /// - A line's sent units rising is a shipment of the rise (a shipment of chosen lines, or a
    ///   workflow move to shipped that sends every unit left), with the tracking number the change added.
    /// - The order becoming cancelled is a cancellation with its reason.
    /// - Tags added, and tags removed, are a fact each (a rule's tags too: the change is made here).
    /// - Each note added is a note.
    /// - Each refund recorded (a refund id the order did not have) is a refund with its money and lines.
    /// - An undo withdraws the facts of the version it took back that are not sent yet; for those the
    ///   shop may have, the store queues `undoing` them.
    static func change(of order: Order, entries: [AuditEntry], mutations: [OrderMutation]) -> ShopOutboxChange {
        if let undone = OrderChangeHistory.undoneVersion(by: entries) {
            return ShopOutboxChange(facts: [], withdrawnVersion: undone)
        }
        var facts: [ShopFact] = []
        var notes = entries.filter { $0.field == "notes" && $0.oldValue == nil }.compactMap(\.newValue)
        let workflow = entries.filter { $0.field == AuditEntry.workflowField }
        if let first = workflow.first, let last = workflow.last,
           let before = OrderWorkflowState(historyText: first.oldValue), let after = OrderWorkflowState(historyText: last.newValue) {
            if before.fulfillment != .onHold, after.fulfillment == .onHold {
                facts.append(.hold(reason: notes.isEmpty ? nil : holdReason(inNote: notes.removeFirst())))
            } else if before.fulfillment == .onHold, after.fulfillment != .onHold, after.cancelledMs == nil {
                facts.append(.release)
            }
            facts += shipments(of: order, before: before, after: after, mutations: mutations)
            if before.cancelledMs == nil, after.cancelledMs != nil {
                facts.append(.cancellation(reason: after.cancelReason))
            }
            facts += after.refunds.filter { !before.refunds.contains($0) }.compactMap { id in
                order.refunds.first { $0.id == id }.map { ShopFact.refund($0, of: order) }
            }
        }
        let tags = entries.filter { $0.field == "tags" }
        let added = tags.filter { $0.oldValue == nil }.compactMap(\.newValue)
        let removed = tags.filter { $0.newValue == nil }.compactMap(\.oldValue)
        if !added.isEmpty { facts.append(.tags(added: true, added)) }
        if !removed.isEmpty { facts.append(.tags(added: false, removed)) }
        facts += notes.map(ShopFact.note)
        return ShopOutboxChange(facts: facts, withdrawnVersion: nil)
    }

    /// A hold's reason in the note its change added: an operator's words as they are (`orders hold
    /// --reason`, `:hold REASON`), a rule's after its `On hold: ` (`RuleBook.holdNotePrefix`), which
    /// the shop's own words for a hold already say (WooCommerce's note, Shopify's hold).
    static func holdReason(inNote note: String) -> String {
        note.hasPrefix(RuleBook.holdNotePrefix) ? String(note.dropFirst(RuleBook.holdNotePrefix.count)) : note
    }

    /// What an undo tells the shop about facts of the undone change it may have already (sent, or a send
    /// begun), last first: a hold is released, a release held again, tags added are removed and tags
    /// removed added back. A shipment, a cancellation, a note and a refund have no such fact here (nothing
    /// takes a shop's fulfilment, cancellation, note or money given back): the shop keeps them.
    static func undoing(_ reached: [ShopFact]) -> [ShopFact] {
        reached.reversed().compactMap { fact in
            switch fact.kind {
            case .hold: .release
            case .release: .hold(reason: nil)
            case .tagsAdded: .tags(added: false, fact.tags ?? [])
            case .tagsRemoved: .tags(added: true, fact.tags ?? [])
            case .shipment, .cancellation, .note, .refund: nil
            }
        }
    }

    /// The shipment a rise in sent units is, if any.
    private static func shipments(of order: Order, before: OrderWorkflowState, after: OrderWorkflowState,
                                  mutations: [OrderMutation]) -> [ShopFact] {
        guard before.sent.count == after.sent.count, after.sent.count == order.items.count else { return [] }
        let lines = order.items.indices.compactMap { index -> ShopFact.Line? in
            let rise = after.sent[index] - before.sent[index]
            guard rise > 0 else { return nil }
            return ShopFact.Line(line: index, quantity: rise, sku: order.items[index].sku, title: order.items[index].title)
        }
        guard !lines.isEmpty else { return [] }
        let shipment = mutations.lazy.compactMap { mutation -> Shipment? in
            if case .fulfilLines(let shipment) = mutation { return shipment }
            return nil
        }.first
        let added = after.tracking.starts(with: before.tracking) ? Array(after.tracking.dropFirst(before.tracking.count))
            : after.tracking.filter { !before.tracking.contains($0) }
        return [.shipment(lines, trackingNumber: added.last, carrier: shipment?.carrier, notifyCustomer: shipment?.notifyCustomer ?? false,
                          completesOrder: after.fulfillment == .fulfilled)]
    }
}
