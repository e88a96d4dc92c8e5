import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import Testing

/// The integer check that passes valid orders without Decimal arithmetic agrees with the full
/// rules: it never passes an order the full check refuses, and it passes every demo order.
@Suite("Plain validity (the bulk fast path of the domain rules)")
struct PlainValidityTests {
    static let now = Date(millisecondsSince1970: 1_790_000_000_000)

    /// Refunds have rules of their own that only the full check decides; every other demo order,
    /// discount codes, fees and shop currency included, passes here.
    @Test func everyDemoOrderWithoutRefundsTakesTheFastPath() {
        let orders = DemoDataGenerator(seed: 11, now: Self.now).orders(count: 2_000)
        for order in orders {
            #expect(order.isPlainlyValid == order.refunds.isEmpty, "\(order.id)")
            #expect(order.fullValidationIssues() == [], "\(order.id)")
        }
        #expect(orders.filter { !$0.discountCodes.isEmpty && $0.refunds.isEmpty }.count > 100)
        #expect(orders.filter { !$0.adjustments.isEmpty && $0.refunds.isEmpty }.count > 20)
        #expect(orders.filter { $0.shopCurrency != nil && $0.refunds.isEmpty }.count > 200)
    }

    /// Each breaks one rule (or lies outside what integers can vouch for).
    static let broken: [(String, @Sendable (inout Order) -> Void)] = [
        ("blank customer", { $0.customerName = "  " }),
        ("implausible email", { $0.email = "ana@" }),
        ("no items", { $0.items = [] }),
        ("zero quantity", { $0.items[0].quantity = 0 }),
        ("quantity above the maximum", { $0.items[0].quantity = MoneyLimits.maximumQuantity + 1 }),
        ("negative price", { $0.items[0].unitPrice = -1 }),
        ("price with too many decimals", { $0.items[0].unitPrice = Decimal(string: "1.005")! }),
        ("price above the maximum", { $0.items[0].unitPrice = MoneyLimits.maximumAmount + 1 }),
        ("line total above the maximum", { $0.items[0].unitPrice = 600_000_000_000; $0.items[0].quantity = 2 }),
        ("empty SKU and title", { $0.items[0].sku = ""; $0.items[0].title = "" }),
        ("negative shipping", { $0.shipping = -1 }),
        ("tax with too many decimals", { $0.tax = Decimal(string: "0.001")! }),
        ("discount above the subtotal", { $0.discount = $0.subtotal + 1 }),
        ("total above the maximum", { $0.items = [LineItem(sku: "A", title: "A", quantity: 1, unitPrice: MoneyLimits.maximumAmount)]; $0.tax = 1 }),
        ("updated before created", { $0.updatedAt = $0.createdAt.addingTimeInterval(-1) }),
        ("NaN shipping", { $0.shipping = .nan }),
        ("blank discount code", { $0.discount = 1; $0.discountCodes = [DiscountCode(code: " ", amount: 1)] }),
        ("codes above the discount", { $0.discount = 1; $0.discountCodes = [DiscountCode(code: "A", amount: 2)] }),
        ("blank fee label", { $0.adjustments = [OrderAdjustment(kind: .fee, label: "", amount: 1)] }),
        ("fee with too many decimals", { $0.adjustments = [OrderAdjustment(kind: .fee, label: "Wrap", amount: Decimal(string: "0.001")!)] }),
        ("shop total without a rate", { $0.shopCurrency = .usd; $0.shopTotal = 1 }),
        ("rate of 11 decimals", { $0.shopCurrency = .usd; $0.shopTotal = 1; $0.exchangeRate = Decimal(string: "0.00000000001")! }),
        ("zero rate", { $0.shopCurrency = .usd; $0.shopTotal = 1; $0.exchangeRate = 0 }),
        ("negative stated total", { $0.statedTotal = -1 }),
        ("stated total with too many decimals", { $0.statedTotal = Decimal(string: "10.005")! }),
        ("stated total above the maximum", { $0.statedTotal = MoneyLimits.maximumAmount + 1 }),
        ("empty street line", { $0.shippingAddress = PostalAddress(lines: ["Main St 1", ""]) }),
        ("two lines in one", { $0.billingAddress = PostalAddress(lines: ["Main St 1\nApt 2"]) }),
    ]

    /// A demo order with nothing the integer check leaves to the full one: no discount, codes,
    /// adjustments, shop currency or refunds.
    static func plainOrder() -> Order {
        var order = DemoDataGenerator(seed: 11, now: now).order(number: 5, of: 10)
        order.discount = 0
        order.discountCodes = []
        order.adjustments = []
        order.shopCurrency = nil
        order.shopTotal = nil
        order.exchangeRate = nil
        order.refunds = []
        return order
    }

    @Test(arguments: broken.map(\.0))
    func aBrokenRuleNeverTakesTheFastPath(_ name: String) throws {
        let (_, breakIt) = try #require(Self.broken.first { $0.0 == name })
        var order = Self.plainOrder()
        #expect(order.isPlainlyValid, "unbroken")
        breakIt(&order)
        #expect(!order.isPlainlyValid)
        #expect(!order.fullValidationIssues().isEmpty)
        #expect(order.validationIssues() == order.fullValidationIssues())
    }

    /// Every order a shop's file makes states its total: a valid one (even one that differs from the
    /// computed total, which is shown, not refused) keeps the order on the fast path.
    @Test func aStatedTotalTakesTheFastPath() {
        for number in 1...200 {
            var order = DemoDataGenerator(seed: 11, now: Self.now).order(number: number, of: 200)
            guard order.refunds.isEmpty else { continue }
            for stated in [order.total, order.total + 1, Decimal(0)] {
                order.statedTotal = stated
                #expect(order.isPlainlyValid, "\(order.id) stated \(stated)")
                #expect(order.fullValidationIssues() == [], "\(order.id) stated \(stated)")
            }
        }
    }

    @Test func randomAmountsAgreeWithTheFullCheck() {
        var random = SplitMix64(seed: 99)
        let scales = ["1", "0.1", "0.01", "0.001", "1000000", "100000000000"]
        for number in 1...3_000 {
            var order = DemoDataGenerator(seed: 11, now: Self.now).order(number: number, of: 3_000)
            let scale = Decimal(string: random.pick(scales))!
            order.items[0].unitPrice = Decimal(Int(random.unit() * 2_000) - 100) * scale
            order.items[0].quantity = random.pick([0, 1, 3, 1_000_000])
            order.discount = Decimal(Int(random.unit() * 300)) * random.pick([Decimal(1), Decimal(string: "0.01")!, Decimal(string: "0.005")!])
            let full = order.fullValidationIssues()
            if order.isPlainlyValid { #expect(full == [], "\(order.items[0]) \(order.discount)") }
            #expect(order.validationIssues() == full)
        }
    }
}
