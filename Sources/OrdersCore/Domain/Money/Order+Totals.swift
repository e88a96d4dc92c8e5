import Foundation

/// How an order's total follows from its parts: the one home of that rule, in whole minor units
/// (stores, the list's index and bulk validation) and in `Decimal` (anything not representable).
///
/// total = subtotal − discount + shipping + adjustments + tax, where tax is added only when the
/// prices exclude it: with `taxesIncluded` the tax is already inside the line prices (a VAT shop's
/// €119.00 shirt holds €19.00 of tax), and adding it again would charge it twice.
extension Order {
    /// The total, rounded to the currency's minor units.
    public var total: Decimal {
        if let minor = totalInMinorUnits { return currency.amount(minorUnits: minor) }
        return Order.total(subtotal: subtotal, discount: discount, shipping: shipping,
                           adjustments: adjustments.reduce(Decimal(0)) { $0 + $1.amount }, tax: tax,
                           taxesIncluded: taxesIncluded, currency: currency)
    }

    /// The total in whole minor units, when every part is representable and the sum fits in
    /// 64 bits; nil otherwise (then `total` falls back to `Decimal`).
    var totalInMinorUnits: Int64? {
        guard let subtotal = subtotalInMinorUnits, let discount = currency.minorUnits(of: discount),
              let shipping = currency.minorUnits(of: shipping), let tax = currency.minorUnits(of: tax),
              let adjustments = adjustmentsInMinorUnits
        else { return nil }
        return Order.total(subtotal: subtotal, discount: discount, shipping: shipping, adjustments: adjustments,
                           tax: tax, taxesIncluded: taxesIncluded)
    }

    /// The sum of the adjustments in minor units, or nil when one is not representable or the sum overflows.
    var adjustmentsInMinorUnits: Int64? {
        var sum: Int64 = 0
        for adjustment in adjustments {
            guard let amount = currency.minorUnits(of: adjustment.amount), let next = sum.addingChecked(amount) else { return nil }
            sum = next
        }
        return sum
    }

    /// The rule in minor units; nil where 64-bit arithmetic would overflow.
    package static func total(subtotal: Int64, discount: Int64, shipping: Int64, adjustments: Int64, tax: Int64,
                      taxesIncluded: Bool) -> Int64? {
        let charged = subtotal.subtractingChecked(discount)?.addingChecked(shipping)?.addingChecked(adjustments)
        return taxesIncluded ? charged : charged?.addingChecked(tax)
    }

    /// The rule in `Decimal`, rounded to the currency (cannot overflow).
    package static func total(subtotal: Decimal, discount: Decimal, shipping: Decimal, adjustments: Decimal, tax: Decimal,
                      taxesIncluded: Bool, currency: Currency) -> Decimal {
        currency.rounded(subtotal - discount + shipping + adjustments + (taxesIncluded ? 0 : tax))
    }

    /// The shop's stated total minus the recomputed one, when the shop stated a total and they differ:
    /// the rule that reports a mismatch (shown by `orders show` and exported), never corrected.
    public var statedTotalDifference: Decimal? {
        guard let statedTotal else { return nil }
        let difference = currency.rounded(statedTotal - total)
        return difference == 0 ? nil : difference
    }
}
