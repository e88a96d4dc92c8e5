import Foundation

/// The range of money and quantities orders holds, defined once: every import,
/// store, total and sum checks against these and refuses what lies outside with a
/// message, instead of letting 64-bit arithmetic trap.
///
/// Why these figures: totals are kept as integers of 1/10 000ths of a major unit
/// (the store's sort key and the list's index), and 10¹² × 10⁴ = 10¹⁶ leaves a
/// factor of about 900 below `Int64.max`, so per-currency sums of hundreds of
/// maximal orders still add up in integers (larger sums move to `Decimal`, which
/// cannot trap). A trillion in any currency is far above any real order, yen and
/// won included.
public enum MoneyLimits {
    /// The largest amount a price, discount, shipping, tax, line total, subtotal or
    /// order total may be, in major units of the order's currency: 1,000,000,000,000.
    public static let maximumAmount: Decimal = 1_000_000_000_000

    /// The largest quantity of one line item: 1,000,000 units.
    public static let maximumQuantity = 1_000_000

    /// Whether an amount lies within 0 … `maximumAmount` in magnitude.
    public static func isWithinRange(_ amount: Decimal) -> Bool {
        !amount.isNaN && amount.magnitude <= maximumAmount
    }

    /// "is 1000000000000000, above the largest amount orders can hold (1000000000000)"
    public static func tooLarge(_ amount: Decimal) -> String {
        "is " + aboveMaximum(amount)
    }

    /// The same for an amount as a file wrote it, when it has too many digits to be read at all.
    public static func tooLarge(written text: String) -> String {
        "is \(text), above the largest amount orders can hold (\(plain(maximumAmount)))"
    }

    /// "1000000000000000, above the largest amount orders can hold (1000000000000)"
    public static func aboveMaximum(_ amount: Decimal) -> String {
        "\(plain(amount)), above the largest amount orders can hold (\(plain(maximumAmount)))"
    }

    /// "is 1000001, above the largest quantity orders can hold (1000000)", for a quantity as written.
    public static func quantityTooLarge(written text: String) -> String {
        "is \(text), above the largest quantity orders can hold (\(maximumQuantity))"
    }

    /// The amount as plain digits, never in exponent form, for messages.
    package static func plain(_ amount: Decimal) -> String {
        amount.isNaN ? "not a number" : NSDecimalNumber(decimal: amount).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }
}
