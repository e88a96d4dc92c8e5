import Foundation

/// One line of an order: a product, how many, at what unit price, and how many of them have been sent.
public struct LineItem: Hashable, Sendable {
    public var sku: String
    public var title: String
    public var quantity: Int
    public var unitPrice: Decimal
    /// How many units of this line have been sent, 0…`quantity` (`Order.validate` refuses anything
    /// else; `Order+LineFulfilment` has the rules that change it and the status it gives).
    public var fulfilledQuantity: Int
    /// The line's total as its shop stated it, kept only when it is not unit price × quantity (a line
    /// of 24.98 for 3 units); then the unit price is derived from it (`LineItem+StatedTotal.swift`
    /// holds the rule). Nil for every other line, whose total is unit price × quantity.
    public var statedLineTotal: Decimal?

    public init(sku: String, title: String, quantity: Int, unitPrice: Decimal, fulfilledQuantity: Int = 0,
                statedLineTotal: Decimal? = nil) {
        self.sku = sku
        self.title = title
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.fulfilledQuantity = fulfilledQuantity
        self.statedLineTotal = statedLineTotal
    }

    /// The line's worth, unrounded (unit prices and stated totals already carry the currency's
    /// precision): the stated line total when the shop gave one, else quantity × unit price.
    public var lineTotal: Decimal { statedLineTotal ?? unitPrice * Decimal(quantity) }

    /// The units still to send (never negative, even for a line whose fulfilled quantity is out of range).
    public var unfulfilledQuantity: Int { max(quantity - max(fulfilledQuantity, 0), 0) }
}
