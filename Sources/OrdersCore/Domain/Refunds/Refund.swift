import Foundation

/// Money given back on an order, as one record: how much, when, why, which lines and how many of
/// each came back, how much of it was shipping, and whether the goods went back into stock.
/// An order's refunded total and outstanding balance follow from its refunds (`Order+Refunds`).
public struct Refund: Hashable, Sendable {
    /// The refund's id: the shop's own, or `R1`, `R2`, … for refunds made here (`Order.nextRefundID`).
    public var id: String
    public var createdAt: Date
    public var reason: String?
    /// The whole sum given back, shipping included.
    public var amount: Decimal
    /// The lines returned, with quantities.
    public var lines: [RefundLine]
    /// The part of `amount` that gives back shipping.
    public var shipping: Decimal
    /// Whether the returned goods went back into stock.
    public var restock: Bool

    public init(id: String, createdAt: Date, reason: String? = nil, amount: Decimal, lines: [RefundLine] = [],
                shipping: Decimal = 0, restock: Bool = false) {
        self.id = id
        self.createdAt = createdAt
        self.reason = reason
        self.amount = amount
        self.lines = lines
        self.shipping = shipping
        self.restock = restock
    }
}

/// Units of one line item given back in a refund. The line is named by its position in the
/// order's items, as line items carry no id of their own (and need not have a SKU).
public struct RefundLine: Hashable, Sendable {
    /// Index into `Order.items`.
    public var line: Int
    public var quantity: Int

    public init(line: Int, quantity: Int) {
        self.line = line
        self.quantity = quantity
    }
}
