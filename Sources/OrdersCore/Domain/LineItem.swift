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

    public init(sku: String, title: String, quantity: Int, unitPrice: Decimal, fulfilledQuantity: Int = 0) {
        self.sku = sku
        self.title = title
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.fulfilledQuantity = fulfilledQuantity
    }

    /// quantity × unit price, unrounded (unit prices already carry the currency's precision).
    public var lineTotal: Decimal { unitPrice * Decimal(quantity) }

    /// The units still to send (never negative, even for a line whose fulfilled quantity is out of range).
    public var unfulfilledQuantity: Int { max(quantity - max(fulfilledQuantity, 0), 0) }
}
