import Foundation
import OrdersCore

/// The fields of an indexed order that actions change, for optimistic updates and rollback.
struct MutableOrderFields: Equatable, Sendable {
    var status: OrderStatus
    /// Payment and fulfilment as they are, which the status is derived from (with the cancellation
    /// and closing the index does not change): an undo puts them back exactly.
    var payment: PaymentStatus
    var fulfillment: FulfillmentStatus
    var flagged: Bool
    var tags: [String]
    var assignee: String?

    /// The indexed order with these fields, so `Order.apply` runs the domain rules on the list's
    /// rows. The index keeps no names or items; the rules an action meets read only these fields.
    func order(id: OrderID, currency: Currency, createdAt: Date) -> Order {
        var order = Order(id: id, customerName: "", email: "", country: "", currency: currency, items: [], createdAt: createdAt,
                          status: status, flagged: flagged, tags: tags, assignee: assignee)
        // Only when they still give the indexed status: a row cancelled or closed by the shop keeps
        // its status from fields the index does not hold, and then the status's plain form stands in.
        if Order.triage(payment: payment, fulfillment: fulfillment, cancelledAt: order.cancelledAt, isClosed: order.isClosed) == status {
            order.payment = payment
            order.fulfillment = fulfillment
        }
        return order
    }

    init(status: OrderStatus, payment: PaymentStatus, fulfillment: FulfillmentStatus, flagged: Bool, tags: [String],
         assignee: String?) {
        self.status = status
        self.payment = payment
        self.fulfillment = fulfillment
        self.flagged = flagged
        self.tags = tags
        self.assignee = assignee
    }

    init(_ order: Order) {
        self.init(status: order.status, payment: order.payment, fulfillment: order.fulfillment, flagged: order.flagged,
                  tags: order.tags, assignee: order.assignee)
    }

    /// Mutations that turn `self` into `target`; status moves go through the workflow
    /// when `workflow` is true (redo), around it otherwise (undo). Payment and fulfilment are put
    /// back exactly after the status's move, which sets them to its plain form.
    func mutations(to target: MutableOrderFields, workflow: Bool) -> [OrderMutation] {
        var result: [OrderMutation] = []
        if status != target.status { result.append(workflow ? .setStatus(target.status) : .restoreStatus(target.status)) }
        if !workflow, payment != target.payment || status != target.status { result.append(.restorePayment(target.payment)) }
        if !workflow, fulfillment != target.fulfillment || status != target.status {
            result.append(.restoreFulfillment(target.fulfillment))
        }
        if flagged != target.flagged { result.append(.setFlagged(target.flagged)) }
        for tag in tags where !target.tags.contains(tag) { result.append(.removeTag(tag)) }
        for tag in target.tags where !tags.contains(tag) { result.append(.addTag(tag)) }
        if assignee != target.assignee { result.append(.setAssignee(target.assignee)) }
        return result
    }
}
