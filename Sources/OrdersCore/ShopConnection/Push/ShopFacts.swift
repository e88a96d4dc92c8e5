import Foundation

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
    /// and after (`OrderWorkflowState`, the history's `workflow` entry), and the operator's shipment
    /// for what the order itself does not keep (carrier, whether to notify). Pure: the same change
    /// gives the same facts on every engine.
    ///
    /// - A line's sent units rising is a shipment of the rise (a shipment of chosen lines, or a
    ///   workflow move to shipped that sends every unit left), with the tracking number the change added.
    /// - The order becoming cancelled is a cancellation with its reason.
    /// - An undo queues nothing and withdraws the facts of the version it took back.
    static func change(of order: Order, entries: [AuditEntry], mutations: [OrderMutation]) -> ShopOutboxChange {
        if let undone = OrderChangeHistory.undoneVersion(by: entries) {
            return ShopOutboxChange(facts: [], withdrawnVersion: undone)
        }
        let workflow = entries.filter { $0.field == AuditEntry.workflowField }
        guard let first = workflow.first, let last = workflow.last,
              let before = OrderWorkflowState(historyText: first.oldValue),
              let after = OrderWorkflowState(historyText: last.newValue) else {
            return ShopOutboxChange(facts: [], withdrawnVersion: nil)
        }
        var facts: [ShopFact] = []
        if before.sent.count == after.sent.count, after.sent.count == order.items.count {
            let lines = order.items.indices.compactMap { index -> ShopFact.Line? in
                let rise = after.sent[index] - before.sent[index]
                guard rise > 0 else { return nil }
                return ShopFact.Line(line: index, quantity: rise, sku: order.items[index].sku, title: order.items[index].title)
            }
            if !lines.isEmpty {
                let shipment = mutations.lazy.compactMap { mutation -> Shipment? in
                    if case .fulfilLines(let shipment) = mutation { return shipment }
                    return nil
                }.first
                let added = after.tracking.starts(with: before.tracking) ? Array(after.tracking.dropFirst(before.tracking.count))
                    : after.tracking.filter { !before.tracking.contains($0) }
                facts.append(.shipment(lines, trackingNumber: added.last, carrier: shipment?.carrier,
                                       notifyCustomer: shipment?.notifyCustomer ?? false,
                                       completesOrder: after.fulfillment == .fulfilled))
            }
        }
        if before.cancelledMs == nil, after.cancelledMs != nil {
            facts.append(.cancellation(reason: after.cancelReason))
        }
        return ShopOutboxChange(facts: facts, withdrawnVersion: nil)
    }
}
