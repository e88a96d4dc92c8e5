import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import Testing

/// The integer check of an order's refunds (`refundsArePlainlyValid`) agrees with the full rules:
/// it never passes an order the full check refuses, and it passes every valid demo refund.
@Suite("Plain validity of refunds (the bulk fast path of the refund rules)")
struct PlainRefundValidityTests {
    static let now = Date(millisecondsSince1970: 1_790_000_000_000)

    @Test func everyDemoOrderWithRefundsTakesTheFastPath() {
        let orders = DemoDataGenerator(seed: 11, now: Self.now).orders(count: 2_000).filter { !$0.refunds.isEmpty }
        #expect(orders.count > 50)
        for order in orders {
            #expect(order.refundsArePlainlyValid, "\(order.id)")
            #expect(order.fullValidationIssues() == [], "\(order.id)")
            #expect(order.validationIssues() == [], "\(order.id)")
        }
    }

    /// A plain order of two lines (2 × 10.00 and 1 × 5.00), 4.00 shipping, no tax: 29.00 in all.
    static func order() -> Order {
        var order = DemoDataGenerator(seed: 11, now: now).order(number: 5, of: 10)
        order.items = [LineItem(sku: "A", title: "A", quantity: 2, unitPrice: 10),
                       LineItem(sku: "B", title: "B", quantity: 1, unitPrice: 5)]
        order.discount = 0
        order.discountCodes = []
        order.adjustments = []
        order.shipping = 4
        order.tax = 0
        order.statedTotal = nil
        order.shopCurrency = nil
        order.shopTotal = nil
        order.exchangeRate = nil
        order.currency = .eur
        order.refunds = []
        return order
    }

    static func refund(_ id: String, _ amount: Decimal, lines: [RefundLine] = [], shipping: Decimal = 0) -> Refund {
        Refund(id: id, createdAt: now, amount: amount, lines: lines, shipping: shipping)
    }

    /// Each keeps every refund rule.
    static let kept: [(String, [Refund])] = [
        ("everything back", [refund("S1", 29)]),
        ("in three parts", [refund("S1", 10), refund("S2", 10, shipping: 4), refund("S3", 9)]),
        ("every unit back", [refund("S1", 20, lines: [RefundLine(line: 0, quantity: 2)]),
                             refund("S2", 5, lines: [RefundLine(line: 1, quantity: 1)])]),
        ("a line named twice", [refund("S1", 20, lines: [RefundLine(line: 0, quantity: 1), RefundLine(line: 0, quantity: 1)])]),
        ("zero", [refund("S1", 0)]),
    ]

    @Test(arguments: kept.map(\.0))
    func aKeptRuleTakesTheFastPath(_ name: String) throws {
        var order = Self.order()
        order.refunds = try #require(Self.kept.first { $0.0 == name }).1
        #expect(order.refundsArePlainlyValid)
        #expect(order.fullValidationIssues() == [])
        #expect(order.validationIssues() == [])
    }

    /// Each breaks one refund rule (or lies outside what integers can vouch for).
    static let broken: [(String, [Refund])] = [
        ("more than the total", [refund("S1", Decimal(string: "29.01")!)]),
        ("more than is left", [refund("S1", 20), refund("S2", 10)]),
        ("negative amount", [refund("S1", -1)]),
        ("amount with too many decimals", [refund("S1", Decimal(string: "1.005")!)]),
        ("amount above the maximum", [refund("S1", MoneyLimits.maximumAmount + 1)]),
        ("NaN amount", [refund("S1", .nan)]),
        ("negative shipping", [refund("S1", 5, shipping: -1)]),
        ("shipping above the amount", [refund("S1", 3, shipping: 4)]),
        ("more shipping than the order's", [refund("S1", 5, shipping: 5)]),
        ("more shipping than is left", [refund("S1", 5, shipping: 3), refund("S2", 5, shipping: 2)]),
        ("the same id twice", [refund("S1", 1), refund("S1", 1)]),
        ("a blank id", [refund(" ", 1)]),
        ("no such line", [refund("S1", 1, lines: [RefundLine(line: 2, quantity: 1)])]),
        ("a negative line", [refund("S1", 1, lines: [RefundLine(line: -1, quantity: 1)])]),
        ("no unit", [refund("S1", 1, lines: [RefundLine(line: 0, quantity: 0)])]),
        ("more units than bought", [refund("S1", 1, lines: [RefundLine(line: 1, quantity: 2)])]),
        ("more units than are left", [refund("S1", 1, lines: [RefundLine(line: 0, quantity: 2)]),
                                      refund("S2", 1, lines: [RefundLine(line: 0, quantity: 1)])]),
        ("a line named twice, too many", [refund("S1", 1, lines: [RefundLine(line: 0, quantity: 2), RefundLine(line: 0, quantity: 1)])]),
    ]

    @Test(arguments: broken.map(\.0))
    func aBrokenRuleNeverTakesTheFastPath(_ name: String) throws {
        var order = Self.order()
        order.refunds = try #require(Self.broken.first { $0.0 == name }).1
        #expect(!order.refundsArePlainlyValid)
        #expect(!order.fullValidationIssues().isEmpty)
        #expect(order.validationIssues() == order.fullValidationIssues())
    }

    /// A rule broken elsewhere on the order is not passed because its refunds keep theirs.
    @Test func aBrokenOrderWithValidRefundsNeverTakesTheFastPath() {
        var order = Self.order()
        order.refunds = [Self.refund("S1", 1)]
        order.customerName = " "
        #expect(!order.refundsArePlainlyValid)
        #expect(order.validationIssues() == order.fullValidationIssues())
        #expect(!order.validationIssues().isEmpty)
    }

    @Test func randomRefundsAgreeWithTheFullCheck() {
        var random = SplitMix64(seed: 31)
        let amounts: [Decimal] = [0, 1, 4, 5, 10, 20, 29, 30, Decimal(string: "0.5")!, Decimal(string: "0.005")!, -1]
        for _ in 1...3_000 {
            var order = Self.order()
            order.refunds = (0..<Int(random.unit() * 4)).map { index in
                let lines = (0..<Int(random.unit() * 3)).map { _ in
                    RefundLine(line: random.pick([0, 1, 2]), quantity: random.pick([0, 1, 2]))
                }
                return Self.refund(random.pick(["S\(index + 1)", "S1"]), random.pick(amounts), lines: lines,
                                   shipping: random.pick([0, 1, 4, 5]))
            }
            let full = order.fullValidationIssues()
            if order.refundsArePlainlyValid { #expect(full == [], "\(order.refunds)") }
            #expect(order.validationIssues() == full, "\(order.refunds)")
        }
    }
}
