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
    ///
    /// An order with refunds is not passed here: their rules are checked in integers beside
    /// these by `refundsArePlainlyValid`.
    var isPlainlyValid: Bool {
        refunds.isEmpty && plainlyValidTotal != nil
    }

    /// The order's total in minor units when it breaks none of the rules but the refunds' (which
    /// this does not look at), decided in integers as `isPlainlyValid` says; nil when it breaks
    /// one or this cannot tell.
    var plainlyValidTotal: Int64? {
        guard !items.isEmpty, updatedAt >= createdAt, !Order.isBlank(customerName), email.isEmpty || Order.isPlausibleEmail(email),
              OrderNumber.problem(withNumber: number) == nil, OrderNumber.problem(withSource: source) == nil,
              shopOrderID.map({ OrderNumber.problem(withNumber: $0) == nil }) ?? true,
              addressesArePlainlyValid, shopCurrencyIsPlainlyValid,
              let limit = Self.maximumMinorUnits(currency)
        else { return nil }
        func minor(_ amount: Decimal) -> Int64? { plainMinorUnits(of: amount, limit: limit) }
        // The total the shop states is an amount like the charges (every shop import has one):
        // whole minor units, not negative, within the limit. Its difference from the computed
        // total is shown, never refused, so nothing else is asked of it.
        if let statedTotal, minor(statedTotal) == nil { return nil }
        var subtotal: Int64 = 0
        for item in items {
            // Shops sell lines without a SKU (gift cards, custom items): the title names those.
            guard !item.sku.isEmpty || !Order.isBlank(item.title), (1...MoneyLimits.maximumQuantity).contains(item.quantity),
                  (0...item.quantity).contains(item.fulfilledQuantity),
                  // A stated line total has rules of its own (`LineItem+StatedTotal.swift`): the full check words them.
                  item.statedLineTotal == nil,
                  let price = minor(item.unitPrice)
            else { return nil }
            let line = price.multipliedReportingOverflow(by: Int64(item.quantity))
            guard !line.overflow, line.partialValue <= limit else { return nil }
            let sum = subtotal.addingReportingOverflow(line.partialValue)
            guard !sum.overflow else { return nil }
            subtotal = sum.partialValue
        }
        guard let discount = minor(discount), let shipping = minor(shipping), let tax = minor(tax),
              discount <= subtotal, subtotal <= limit
        else { return nil }
        // Codes with their amounts, together no more than the discount; fees and duties with a label.
        var coded: Int64 = 0
        for code in discountCodes {
            guard !Order.isBlank(code.code), let amount = minor(code.amount), let sum = coded.addingChecked(amount) else { return nil }
            coded = sum
        }
        guard coded <= discount else { return nil }
        var adjusted: Int64 = 0
        for adjustment in adjustments {
            guard !Order.isBlank(adjustment.label), let amount = minor(adjustment.amount),
                  let sum = adjusted.addingChecked(amount) else { return nil }
            adjusted = sum
        }
        guard let total = Order.total(subtotal: subtotal, discount: discount, shipping: shipping, adjustments: adjusted,
                                      tax: tax, taxesIncluded: taxesIncluded)
        else { return nil }
        return total >= 0 && total <= limit ? total : nil
    }

    /// `amount` in whole minor units of the order's currency when it is one of the amounts the
    /// rules allow (`amountProblem` finds nothing wrong): not negative, at most `limit`.
    func plainMinorUnits(of amount: Decimal, limit: Int64) -> Int64? {
        guard !amount.isNaN, let value = currency.minorUnits(of: amount), value >= 0, value <= limit else { return nil }
        return value
    }

    /// Every street line is one non-empty line of text (`fullValidationIssues`' address rule).
    private var addressesArePlainlyValid: Bool {
        [shippingAddress, billingAddress].allSatisfy { address in
            address?.lines.allSatisfy { !$0.isEmpty && !Self.hasLineBreak($0) } ?? true
        }
    }

    /// Whether `text` holds a `Character` that `isNewline`, told from its scalars: a character is
    /// a newline by its first scalar (LF to CR, NEL, LINE and PARAGRAPH SEPARATOR), and those
    /// scalars are controls and separators, which always begin a character of their own. An
    /// ASCII line is answered from its bytes, without breaking it into characters.
    private static func hasLineBreak(_ text: String) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if (0x0A...0x0D).contains(byte) { return true }
        }
        if ascii { return false }
        return text.unicodeScalars.contains { (0x0A...0x0D).contains($0.value) || $0.value == 0x85 || $0.value == 0x2028 || $0.value == 0x2029 }
    }

    /// No shop currency, or all three of it: a total of whole minor units of that currency within the
    /// limits, and a positive rate of at most 10 decimals (which then also reads back through
    /// `PlainDecimal`, as `shopCurrencyIssues` asks).
    private var shopCurrencyIsPlainlyValid: Bool {
        guard shopCurrency != nil || shopTotal != nil || exchangeRate != nil else { return true }
        guard let shopCurrency, let shopTotal, let exchangeRate, let limit = Self.maximumMinorUnits(shopCurrency),
              let total = shopCurrency.minorUnits(of: shopTotal), total >= 0, total <= limit,
              let rate = Self.rateDigits.minorUnits(of: exchangeRate), rate > 0
        else { return false }
        return true
    }

    /// Reads a rate's digits as whole units of 10⁻¹⁰: only rates of at most 10 decimals (and below
    /// 10⁹, far within the amount limit) come out as a number.
    private static let rateDigits = Currency(code: "XXX", minorUnits: 10)

    /// `MoneyLimits.maximumAmount` as an integer, converted once (not for every order checked).
    private static let maximumMajorUnits = NSDecimalNumber(decimal: MoneyLimits.maximumAmount).int64Value

    /// `MoneyLimits.maximumAmount` in minor units of `currency`; nil if that exceeds 64 bits.
    static func maximumMinorUnits(_ currency: Currency) -> Int64? {
        let scaled = maximumMajorUnits.multipliedReportingOverflow(by: currency.minorUnitScale)
        return scaled.overflow ? nil : scaled.partialValue
    }
}
