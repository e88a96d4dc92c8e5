import Foundation
@testable import OrdersCore
import OrdersTestSupport
import Testing

/// Money as shops have it: prices with or without tax, discount codes, fees and duties, and the
/// shop's stated total kept beside the recomputed one, in currencies of 0, 2, 3 and 4 decimals.
@Suite("Money as shops have it")
struct ShopMoneyTests {
    static let created = Date(timeIntervalSince1970: 1_790_000_000)

    static func order(_ currency: Currency, prices: [String], discount: String = "0", shipping: String = "0",
                      tax: String = "0", taxesIncluded: Bool = false) -> Order {
        Order(id: OrderID(1), customerName: "Ida", email: "ida@example.com", country: "DK", currency: currency,
              items: prices.enumerated().map { LineItem(sku: "S\($0.offset)", title: "Thing", quantity: 2, unitPrice: Decimal(string: $0.element)!) },
              discount: Decimal(string: discount)!, shipping: Decimal(string: shipping)!, tax: Decimal(string: tax)!,
              taxesIncluded: taxesIncluded, createdAt: created)
    }

    static func currency(_ code: String) -> Currency {
        Currency.named(code)!  // test data: every code below is in the table
    }

    /// (currency, unit prices of two units each, discount, shipping, tax) → subtotal and total, exact,
    /// with tax added (exclusive) and with tax inside the prices (inclusive).
    static let cases: [(String, [String], String, String, String, subtotal: String, exclusive: String, inclusive: String)] = [
        ("EUR", ["59.50", "0.25"], "10.00", "4.90", "9.55", "119.50", "123.95", "114.40"),
        ("DKK", ["449.95"], "50.00", "39.00", "169.98", "899.90", "1058.88", "888.90"),
        ("PLN", ["123.45", "0.01"], "0.00", "14.99", "56.82", "246.92", "318.73", "261.91"),
        ("BDT", ["1250.50"], "100.00", "60.00", "375.15", "2501.00", "2836.15", "2461.00"),
        ("JPY", ["3124", "98"], "500", "800", "564", "6444", "7308", "6744"),
        ("KWD", ["12.345", "0.005"], "1.250", "2.500", "0.000", "24.700", "25.950", "25.950"),
        ("CLF", ["1.2345", "0.0001"], "0.0100", "0.0500", "0.4692", "2.4692", "2.9784", "2.5092"),
    ]

    @Test(arguments: cases.indices)
    func totalsAreExactInEveryCurrency(_ index: Int) {
        let (code, prices, discount, shipping, tax, subtotal, exclusive, inclusive) = Self.cases[index]
        let currency = Self.currency(code)
        let taxed = Self.order(currency, prices: prices, discount: discount, shipping: shipping, tax: tax)
        var included = taxed
        included.taxesIncluded = true
        #expect(currency.plainText(taxed.subtotal) == subtotal)
        #expect(currency.plainText(taxed.total) == exclusive)
        #expect(currency.plainText(included.total) == inclusive)
        #expect(taxed.totalInMinorUnits == currency.minorUnits(of: Decimal(string: exclusive)!))
        #expect(taxed.validationIssues() == [])
        #expect(included.validationIssues() == [])
    }

    /// A VAT shop's prices already hold the tax: the recomputed total agrees with the shop's own.
    @Test func vatInclusivePricesAreNotTaxedTwice() {
        var order = Self.order(.eur, prices: ["59.50"], shipping: "4.90", tax: "19.00", taxesIncluded: true)
        order.statedTotal = Decimal(string: "123.90")!
        #expect(order.total == Decimal(string: "123.90")!)
        #expect(order.statedTotalDifference == nil)
        order.taxesIncluded = false
        #expect(order.total == Decimal(string: "142.90")!)
        #expect(order.statedTotalDifference == Decimal(string: "-19.00")!)
    }

    @Test func feesAndDutiesAddToTheTotalAndCodesExplainTheDiscount() {
        var order = Self.order(.eur, prices: ["40.00"], discount: "12.00", shipping: "5.00", tax: "0.00")
        order.adjustments = [OrderAdjustment(kind: .fee, label: "Gift wrap", amount: Decimal(string: "3.50")!),
                             OrderAdjustment(kind: .duty, label: "Import duties", amount: Decimal(string: "7.25")!)]
        order.discountCodes = [DiscountCode(code: "WELCOME10", amount: 8), DiscountCode(code: "SHIPFREE", amount: 4)]
        #expect(order.total == Decimal(string: "83.75")!)          // 80 − 12 + 5 + 3.50 + 7.25
        #expect(order.validationIssues() == [])
        order.statedTotal = Decimal(string: "84.00")!
        #expect(order.statedTotalDifference == Decimal(string: "0.25")!, "a mismatch is reported, not fixed")
        #expect(order.total == Decimal(string: "83.75")!)
        #expect(order.validationIssues() == [], "a stated total that differs is kept, not refused")
    }

    @Test func badCodesFeesAndStatedTotalsAreRefusedWithTheirField() {
        var order = Self.order(.jpy, prices: ["1000"], discount: "100")
        order.discountCodes = [DiscountCode(code: "A", amount: 80), DiscountCode(code: " ", amount: 30)]
        order.adjustments = [OrderAdjustment(kind: .fee, label: "COD", amount: Decimal(string: "0.5")!),
                             OrderAdjustment(kind: .duty, label: "", amount: -1)]
        order.statedTotal = Decimal(string: "1000000000001")!
        #expect(order.validationIssues() == [
            OrderValidationIssue(field: "adjustments[0].amount", problem: "has more decimals than JPY allows"),
            OrderValidationIssue(field: "adjustments[1].amount", problem: "must not be negative, got -1"),
            OrderValidationIssue(field: "stated_total", problem: "is 1000000000001, above the largest amount orders can hold (1000000000000)"),
            OrderValidationIssue(field: "adjustments[1].label", problem: "must not be empty"),
            OrderValidationIssue(field: "discount_codes[1].code", problem: "must not be empty"),
        ])
        order.adjustments = []
        order.statedTotal = nil
        order.discountCodes[1].code = "B"
        #expect(order.validationIssues() == [
            OrderValidationIssue(field: "discount_codes", problem: "take off 110 together, more than the discount (100)"),
        ])
    }

    /// Paid in złoty, reported in euros: comparisons use the shop's amount; the customer's stays the order's.
    @Test func theShopCurrencyDecidesComparisonsAndComesWhole() {
        var order = Self.order(Self.currency("PLN"), prices: ["2500.00"])
        #expect(order.total == 5000 && order.reportingTotal == 5000 && order.reportingCurrency == Self.currency("PLN"))
        #expect(order.isHighValue())
        order.shopCurrency = .eur
        order.shopTotal = Decimal(string: "998.50")!
        order.exchangeRate = Decimal(string: "0.1997")!
        #expect((order.total, order.reportingTotal, order.reportingCurrency) == (5000, Decimal(string: "998.50")!, .eur))
        #expect(!order.isHighValue())
        #expect(OrderPredicate.totalAbove(998).matches(order, among: CustomerOrderCounts()) && !OrderPredicate.totalAbove(999).matches(order, among: CustomerOrderCounts()))
        #expect(order.validationIssues() == [])
        order.exchangeRate = nil
        #expect(order.validationIssues() == [
            OrderValidationIssue(field: "shop_currency", problem: "shop_currency, shop_total and exchange_rate come together"),
        ])
        order.exchangeRate = 0
        order.shopTotal = Decimal(string: "998.505")!
        #expect(order.validationIssues() == [
            OrderValidationIssue(field: "shop_total", problem: "has more decimals than EUR allows"),
            OrderValidationIssue(field: "exchange_rate", problem: "must be a positive number up to 1000000000000 with at most 10 decimals"),
        ])
    }

    /// Every store keeps the new money exactly, and sorts and filters by the total they make.
    @Test(arguments: StoreKind.allCases)
    func storesKeepTheShopsMoney(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        var rich = Self.order(Self.currency("KWD"), prices: ["12.345"], discount: "1.250", shipping: "2.500", tax: "4.938", taxesIncluded: true)
        rich.discountCodes = [DiscountCode(code: "EID", amount: Decimal(string: "1.250")!)]
        rich.adjustments = [OrderAdjustment(kind: .duty, label: "Customs", amount: Decimal(string: "0.125")!)]
        rich.statedTotal = Decimal(string: "26.065")!
        var plain = Self.order(.eur, prices: ["13.00"], tax: "2.47")
        plain.id = OrderID(2)
        try await fixture.store.insert([rich, plain])
        #expect(try await fixture.store.order(OrderID(1)) == rich)
        #expect(try await fixture.store.order(OrderID(2)) == plain)
        #expect(rich.total == Decimal(string: "26.065")!)   // 24.690 − 1.250 + 2.500 + 0.125, tax inside
        #expect(plain.total == Decimal(string: "28.47")!)
        let above = try await fixture.store.orders(matching: OrderQuery(filters: [OrderFilter(.totalAbove(27))]), page: PageRequest(limit: 10))
        #expect(above.orders.map(\.id) == [OrderID(2)])
    }
}
