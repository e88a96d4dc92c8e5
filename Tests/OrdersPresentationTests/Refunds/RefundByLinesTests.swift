import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
import OrdersTestSupport
import Testing

/// A refund of chosen lines, as the app's line chooser and `orders refund --line` make it
/// (`Order.refund(returning:…)`): each unit at the price it was sold for plus the shipping chosen,
/// in the currency's own decimals; the lines on offer are what was bought and not yet returned.
@Suite("Refunds by line and quantity")
struct RefundByLinesTests {
    static let now = OrderFixtures.anHourLater

    /// A paid order in `currency`: 3 × A at `price`, 1 × B at `other`, with `shipping`.
    static func order(_ currency: Currency, price: String, other: String, shipping: String) throws -> Order {
        var order = Order(id: OrderID(9), number: "SO-9", source: "erp", customerName: "Noor", email: "noor@example.kw", country: "KW",
                          currency: currency,
                          items: [LineItem(sku: "A", title: "Aa", quantity: 3, unitPrice: try #require(Decimal(string: price))),
                                  LineItem(sku: "", title: "Gift card", quantity: 1, unitPrice: try #require(Decimal(string: other)))],
                          shipping: try #require(Decimal(string: shipping)), createdAt: OrderFixtures.now, status: .processing)
        order.payment = .paid
        return order
    }

    @Test("the amount in minor units: KWD's 3 decimals, JPY's none, EUR's 2; one record, exactly as chosen",
          arguments: [
            ("KWD", "12.345", "0.500", "1.250", [RefundLine(line: 0, quantity: 2)], true, 25_940, "R1 25.940 KWD: 2 × line 1, shipping 1.250 (late)"),
            ("JPY", "980", "3000", "500", [RefundLine(line: 0, quantity: 1), RefundLine(line: 1, quantity: 1)], false, 3_980,
             "R1 3980 JPY: 1 × line 1, 1 × line 2 (late)"),
            ("EUR", "45.05", "2.00", "14.60", [RefundLine(line: 0, quantity: 3)], true, 14_975,
             "R1 149.75 EUR: 3 × line 1, shipping 14.60 (late)"),
          ])
    func amounts(_ code: String, _ price: String, _ other: String, _ shipping: String, _ lines: [RefundLine],
                 _ withShipping: Bool, _ minor: Int64, _ audit: String) throws {
        let currency = try #require(Currency.named(code))
        var order = try Self.order(currency, price: price, other: other, shipping: shipping)
        let shippingBack = withShipping ? order.refundableShipping : 0
        let refund = order.refund(returning: lines, shipping: shippingBack, at: Self.now, reason: "late", restock: false)
        #expect(refund == Refund(id: "R1", createdAt: Self.now, reason: "late", amount: currency.amount(minorUnits: minor),
                                 lines: lines, shipping: shippingBack, restock: false))
        #expect(currency.minorUnits(of: refund.amount) == minor)
        let entries = try order.apply([.refund(refund)], actor: "mia", at: Self.now)
        #expect(entries.map(\.newValue) == [audit, "partially_refunded"])
        #expect(order.refunds == [refund])
        #expect(currency.minorUnits(of: order.outstanding) == currency.minorUnits(of: order.total).map { $0 - minor })
    }

    @Test("what is left to return and the shipping left follow the refunds before; a named amount is kept as named")
    func whatIsLeft() throws {
        var order = try Self.order(.usd, price: "10.00", other: "5.00", shipping: "4.00")
        #expect((order.returnableQuantity(ofLine: 0), order.returnableQuantity(ofLine: 1), order.returnableQuantity(ofLine: 2)) == (3, 1, 0))
        #expect(order.refundableShipping == 4)
        let first = order.refund(returning: [RefundLine(line: 0, quantity: 2)], shipping: 4, at: Self.now, reason: nil, restock: true)
        #expect(first == Refund(id: "R1", createdAt: Self.now, amount: 24, lines: [RefundLine(line: 0, quantity: 2)], shipping: 4, restock: true))
        _ = try order.apply([.refund(first)], actor: "mia", at: Self.now)
        #expect((order.returnableQuantity(ofLine: 0), order.returnableQuantity(ofLine: 1)) == (1, 1))
        #expect(order.refundableShipping == 0)
        let named = order.refund(returning: [RefundLine(line: 1, quantity: 1)], amount: 3, at: Self.now, reason: "goodwill", restock: false)
        #expect(named == Refund(id: "R2", createdAt: Self.now, reason: "goodwill", amount: 3, lines: [RefundLine(line: 1, quantity: 1)]))
    }

    @Test("the chooser offers what is left, preset to none, and makes the refund the order's rule makes")
    func chooser() throws {
        var order = try Self.order(try #require(Currency.named("KWD")), price: "12.345", other: "0.500", shipping: "1.250")
        _ = try order.apply([.refund(Refund(id: "S1", createdAt: Self.now, amount: Decimal(string: "12.345")!,
                                            lines: [RefundLine(line: 0, quantity: 1)]))], actor: "shop", at: Self.now)
        var chooser = try #require(LineChooser(refunding: order))
        #expect(chooser.purpose == .refund)
        #expect(chooser.title == "Refund lines of SO-9")
        #expect(chooser.choices == [LineChoice(line: 0, name: "A", title: "Aa", limit: 2, quantity: 0),
                                    LineChoice(line: 1, name: "line 2", title: "Gift card", limit: 1, quantity: 0)])
        #expect(chooser.summaryText == "Nothing chosen")
        chooser.toggleSkip()
        chooser.toggleShipping()
        #expect(chooser.summaryText == "2 units of 1 line chosen: 25.940 KWD")
        #expect(chooser.optionsText == "Shipping 1.250 KWD: refunded   Restock: no")
        #expect(chooser.refund(at: Self.now, reason: "  ") == Refund(id: "R2", createdAt: Self.now, amount: Decimal(string: "25.940")!,
                                                                    lines: [RefundLine(line: 0, quantity: 2)], shipping: Decimal(string: "1.250")!))
        // A fulfil chooser ignores the refund's own choices.
        var fulfil = try #require(LineChooser(fulfilling: order))
        fulfil.toggleShipping()
        fulfil.toggleRestock()
        #expect((fulfil.refundsShipping, fulfil.restock, fulfil.optionsText) == (false, false, nil))
        // Every unit back: nothing to offer.
        _ = try order.apply([.refund(order.refund(returning: [RefundLine(line: 0, quantity: 2), RefundLine(line: 1, quantity: 1)],
                                                  at: Self.now, reason: nil, restock: false))], actor: "mia", at: Self.now)
        #expect(LineChooser(refunding: order) == nil)
    }
}
