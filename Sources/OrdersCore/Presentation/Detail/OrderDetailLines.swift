import Foundation

/// One line item as the detail screen shows it.
public struct DetailLine: Hashable, Sendable {
    public var sku: String
    public var title: String
    public var quantity: Int
    public var unitPriceText: String
    public var lineTotalText: String

    /// The quantity as the Qty column shows it.
    public var quantityText: String { String(quantity) }
}

/// The money block of the detail screen, formatted in the order's currency.
public struct DetailTotals: Hashable, Sendable {
    public var subtotal: String
    public var discount: String
    public var shipping: String
    public var tax: String
    public var total: String
}

/// One status change from the audit log.
public struct StatusHistoryEntry: Hashable, Sendable {
    public var dateText: String
    public var actor: String
    public var from: String
    public var to: String
}

/// One note, newest last.
public struct DetailNote: Hashable, Sendable {
    public var dateText: String
    public var author: String
    public var text: String
}

/// A status the workflow allows next, with its label.
public struct DetailNextStep: Hashable, Sendable {
    public var status: OrderStatus
    public var label: String
}
