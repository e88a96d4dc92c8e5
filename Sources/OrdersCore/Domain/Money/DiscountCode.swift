import Foundation

/// A discount code the customer used and the amount it took off, as the shop states it.
/// The order's `discount` is the whole reduction; codes may account for part of it (a shop's
/// automatic discounts have no code), never for more (`Order.fullValidationIssues`).
public struct DiscountCode: Hashable, Sendable {
    public var code: String
    public var amount: Decimal

    public init(code: String, amount: Decimal) {
        self.code = code
        self.amount = amount
    }
}
