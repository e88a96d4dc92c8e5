/// One row of the detail's money block, under the line totals: a label and an amount already
/// formatted, and how much weight the screen gives it.
public struct DetailMoneyRow: Hashable, Sendable {
    public enum Weight: Hashable, Sendable {
        /// A part of the total (subtotal, discount, a fee).
        case part
        /// A discount code's share of the discount, indented under it.
        case detail
        /// The total, and the balance left after refunds.
        case total
    }

    public var label: String
    public var amount: String
    public var weight: Weight

    public init(_ label: String, _ amount: String, weight: Weight = .part) {
        self.label = label
        self.amount = amount
        self.weight = weight
    }
}
