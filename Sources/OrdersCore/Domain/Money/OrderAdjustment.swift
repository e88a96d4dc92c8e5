import Foundation

/// A charge on an order besides goods, shipping and tax: a fee (gift wrap, cash on delivery)
/// or import duties. Adjustments add to the total (`Order.total`).
public struct OrderAdjustment: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case fee
        case duty
    }

    public var kind: Kind
    /// What the shop calls it ("Gift wrap", "Cash on delivery", "Import duties").
    public var label: String
    public var amount: Decimal

    public init(kind: Kind, label: String, amount: Decimal) {
        self.kind = kind
        self.label = label
        self.amount = amount
    }
}
