import Foundation
import OrdersCore

/// A change someone else made to the order on screen: which parts changed, and
/// until when the screen marks it (as the list marks a recently changed row).
public struct DetailOutsideChange: Hashable, Sendable {
    /// What changed, in the order the screen shows it: "status", "flag", "notes"…
    public var fields: [String]
    public var until: Date

    /// The parts of an order that differ between two versions.
    static func fields(from old: Order, to new: Order) -> [String] {
        var fields: [String] = []
        if old.customerName != new.customerName || old.email != new.email || old.country != new.country
            || old.shippingAddress != new.shippingAddress || old.billingAddress != new.billingAddress {
            fields.append("customer")
        }
        // What was bought; the units sent are fulfilment, named with the status or payment and delivery below.
        func bought(_ items: [LineItem]) -> [LineItem] { items.map { var item = $0; item.fulfilledQuantity = 0; return item } }
        if bought(old.items) != bought(new.items) || old.discount != new.discount || old.shipping != new.shipping || old.tax != new.tax
            || old.currency != new.currency {
            fields.append("items")
        }
        if old.status != new.status { fields.append("status") }
        // A payment or fulfilment step that moved the status is named by "status" already.
        if old.status == new.status, old.payment != new.payment || old.fulfillment != new.fulfillment
            || old.trackingNumbers != new.trackingNumbers || old.items.map(\.fulfilledQuantity) != new.items.map(\.fulfilledQuantity) {
            fields.append("payment and delivery")
        }
        if old.refunds != new.refunds { fields.append("refunds") }
        if old.flagged != new.flagged { fields.append("flag") }
        if old.tags != new.tags { fields.append("tags") }
        if old.assignee != new.assignee { fields.append("assignee") }
        if old.notes != new.notes { fields.append("notes") }
        return fields
    }
}
