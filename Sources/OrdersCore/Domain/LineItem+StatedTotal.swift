import Foundation

/// Lines whose shop states their total rather than an exact price per unit: WooCommerce with prices
/// entered including tax keeps each line's total without tax, so 3 units at 9.99 including 20 % VAT
/// are a line of 24.98, 8.3266… a unit.
///
/// The one rule for them (what the shop itself does): the line total is the truth and stays exact,
/// so the order's lines add up to the shop's figures and its total agrees with the shop's. The unit
/// price is derived from it, shown as such: the line total ÷ quantity rounded half to even to the
/// currency's minor unit (`Currency.rounded`), 8.33 here. The line keeps its stated total only when
/// it differs from unit price × quantity, so a line that divides exactly is an ordinary line, and
/// one order has one form whichever file it came from. A refund of some of its units splits the
/// exact total, not the rounded price (`Order+LineRefundValues`).
extension LineItem {
    /// The line a shop states by its total: the unit price derived by the rule above, the total kept
    /// when the unit price does not give it back. A quantity below 1 (a line the order's validation
    /// refuses) keeps the total as stated with a unit price of 0, rather than dividing by it.
    public init(sku: String, title: String, quantity: Int, statedLineTotal total: Decimal, currency: Currency,
                fulfilledQuantity: Int = 0) {
        let unitPrice = quantity > 0 ? Self.derivedUnitPrice(lineTotal: total, quantity: quantity, currency: currency) : 0
        self.init(sku: sku, title: title, quantity: quantity, unitPrice: unitPrice, fulfilledQuantity: fulfilledQuantity,
                  statedLineTotal: unitPrice * Decimal(quantity) == total ? nil : total)
    }

    /// The unit price shown for a line of `lineTotal` for `quantity` (≥ 1) units: the rule above.
    public static func derivedUnitPrice(lineTotal: Decimal, quantity: Int, currency: Currency) -> Decimal {
        currency.rounded(lineTotal / Decimal(quantity))
    }

    /// Whether the unit price is one derived from the line's stated total (then it is shown as
    /// derived, `derivedPriceMark` before it: "3 × ≈8.33 = 24.98").
    public var hasDerivedUnitPrice: Bool { statedLineTotal != nil }

    /// What marks a derived unit price wherever one is shown: it is rounded, the line total is not.
    public static let derivedPriceMark = "≈"
}
