import Foundation

/// The fields of an indexed order that actions change, for optimistic updates and rollback.
struct MutableOrderFields: Equatable, Sendable {
    var status: OrderStatus
    var flagged: Bool
    var tags: [String]
    var assignee: String?

    /// The indexed order with these fields, so `Order.apply` runs the domain rules on the list's
    /// rows. The index keeps no names or items; the rules an action meets read only these fields.
    func order(id: OrderID, currency: Currency, createdAt: Date) -> Order {
        Order(id: id, customerName: "", email: "", country: "", currency: currency, items: [], createdAt: createdAt,
              status: status, flagged: flagged, tags: tags, assignee: assignee)
    }

    init(status: OrderStatus, flagged: Bool, tags: [String], assignee: String?) {
        self.status = status
        self.flagged = flagged
        self.tags = tags
        self.assignee = assignee
    }

    init(_ order: Order) {
        self.init(status: order.status, flagged: order.flagged, tags: order.tags, assignee: order.assignee)
    }

    /// Mutations that turn `self` into `target`; status moves go through the workflow
    /// when `workflow` is true (redo), around it otherwise (undo).
    func mutations(to target: MutableOrderFields, workflow: Bool) -> [OrderMutation] {
        var result: [OrderMutation] = []
        if status != target.status { result.append(workflow ? .setStatus(target.status) : .restoreStatus(target.status)) }
        if flagged != target.flagged { result.append(.setFlagged(target.flagged)) }
        for tag in tags where !target.tags.contains(tag) { result.append(.removeTag(tag)) }
        for tag in target.tags where !tags.contains(tag) { result.append(.addTag(tag)) }
        if assignee != target.assignee { result.append(.setAssignee(target.assignee)) }
        return result
    }
}
