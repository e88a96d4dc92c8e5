import Foundation

/// The shop's currency beside the customer's: the one home of which total sorting, `total>1000`,
/// the high-value rule and the status bar's sums compare. An order paid in DKK by a shop that
/// reports in EUR is compared by its EUR total, so ¥957,880 no longer sorts above US$2,000 when
/// the shop reports both in one currency.
extension Order {
    /// The currency the shop reports this order in: its own when the source gave one, else the order's.
    public var reportingCurrency: Currency { shopCurrency ?? currency }

    /// The total in `reportingCurrency`: the shop's amount as the source stated it, else the order's total.
    public var reportingTotal: Decimal { shopTotal ?? total }

    /// What is wrong with the shop-currency fields, if anything.
    func shopCurrencyIssues() -> [OrderValidationIssue] {
        let given = [shopCurrency != nil, shopTotal != nil, exchangeRate != nil]
        guard given.contains(true) else { return [] }
        guard !given.contains(false), let shopCurrency, let shopTotal, let exchangeRate else {
            return [OrderValidationIssue(field: "shop_currency", problem: "shop_currency, shop_total and exchange_rate come together")]
        }
        var issues: [OrderValidationIssue] = []
        if shopTotal < 0 {
            issues.append(.init(field: "shop_total", problem: "must not be negative, got \(shopTotal)"))
        } else if !MoneyLimits.isWithinRange(shopTotal) {
            issues.append(.init(field: "shop_total", problem: MoneyLimits.tooLarge(shopTotal)))
        } else if !shopCurrency.isRepresentable(shopTotal) {
            issues.append(.init(field: "shop_total", problem: "has more decimals than \(shopCurrency.code) allows"))
        }
        // Stores keep the rate as exact decimal text, which reads back through `PlainDecimal`.
        if exchangeRate.isNaN || exchangeRate <= 0 || !MoneyLimits.isWithinRange(exchangeRate)
            || PlainDecimal.parse(MoneyLimits.plain(exchangeRate)) == nil {
            issues.append(.init(field: "exchange_rate", problem: "must be a positive number up to \(MoneyLimits.plain(MoneyLimits.maximumAmount)) with at most 10 decimals"))
        }
        return issues
    }
}
