import Foundation

extension Order {
    /// True only when the order breaks none of the rules `fullValidationIssues()` checks,
    /// decided in whole minor units with overflow-checked integers; false when it breaks one
    /// or when this cannot tell (an amount that is not a whole number of minor units, or too
    /// large for 64 bits), and the full check then decides.
    ///
    /// The same rules, the same limits: with every amount a whole number of minor units, line
    /// totals, the subtotal and the total are exact integers, and the currency rounding the
    /// full check applies changes nothing.
    var isPlainlyValid: Bool {
        guard !items.isEmpty, updatedAt >= createdAt, !Order.isBlank(customerName), Order.isPlausibleEmail(email),
              OrderNumber.problem(withNumber: number) == nil, OrderNumber.problem(withSource: source) == nil,
              shopOrderID.map({ OrderNumber.problem(withNumber: $0) == nil }) ?? true,
              // Codes, fees, a stated total and refunds have rules of their own: the full check words them.
              discountCodes.isEmpty, adjustments.isEmpty, statedTotal == nil, refunds.isEmpty, shopCurrency == nil,
              shopTotal == nil, exchangeRate == nil,
              let limit = Self.maximumMinorUnits(currency)
        else { return false }
        func minor(_ amount: Decimal) -> Int64? {
            guard !amount.isNaN, let value = currency.minorUnits(of: amount), value >= 0, value <= limit else { return nil }
            return value
        }
        var subtotal: Int64 = 0
        for item in items {
            guard !item.sku.isEmpty, (1...MoneyLimits.maximumQuantity).contains(item.quantity),
                  (0...item.quantity).contains(item.fulfilledQuantity),
                  let price = minor(item.unitPrice)
            else { return false }
            let line = price.multipliedReportingOverflow(by: Int64(item.quantity))
            guard !line.overflow, line.partialValue <= limit else { return false }
            let sum = subtotal.addingReportingOverflow(line.partialValue)
            guard !sum.overflow else { return false }
            subtotal = sum.partialValue
        }
        guard let discount = minor(discount), let shipping = minor(shipping), let tax = minor(tax),
              discount <= subtotal, subtotal <= limit
        else { return false }
        guard let total = Order.total(subtotal: subtotal, discount: discount, shipping: shipping, adjustments: 0,
                                      tax: tax, taxesIncluded: taxesIncluded)
        else { return false }
        return total >= 0 && total <= limit
    }

    /// `MoneyLimits.maximumAmount` in minor units of `currency`; nil if that exceeds 64 bits.
    private static func maximumMinorUnits(_ currency: Currency) -> Int64? {
        let major = NSDecimalNumber(decimal: MoneyLimits.maximumAmount).int64Value
        let scaled = major.multipliedReportingOverflow(by: currency.minorUnitScale)
        return scaled.overflow ? nil : scaled.partialValue
    }
}
