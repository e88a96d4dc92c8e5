import Foundation

/// An amount of money in a currency: one entry of a sum over orders in several currencies.
public struct CurrencyAmount: Hashable, Sendable {
    public var currency: Currency
    public var amount: Decimal

    public init(currency: Currency, amount: Decimal) {
        self.currency = currency
        self.amount = amount
    }
}
