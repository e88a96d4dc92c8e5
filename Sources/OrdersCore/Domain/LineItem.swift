import Foundation

/// One line of an order: a product, how many, and at what unit price.
public struct LineItem: Hashable, Sendable {
    public var sku: String
    public var title: String
    public var quantity: Int
    public var unitPrice: Decimal

    public init(sku: String, title: String, quantity: Int, unitPrice: Decimal) {
        self.sku = sku
        self.title = title
        self.quantity = quantity
        self.unitPrice = unitPrice
    }

    /// quantity × unit price, unrounded (unit prices already carry the currency's precision).
    public var lineTotal: Decimal { unitPrice * Decimal(quantity) }
}
