import Foundation
import Testing
@testable import OrdersCore

/// A line without a SKU (a gift card, a custom item) is named by its title, in the integer check
/// as in the full rules: an order with one stays on the fast path, one without a title too does not.
@Suite("Plain validity of a line without a SKU")
struct PlainValidityLineWithoutSKUTests {
    static func order(sku: String, title: String) -> Order {
        var order = PlainValidityTests.plainOrder()
        order.items = [LineItem(sku: "A", title: "A", quantity: 1, unitPrice: 10),
                       LineItem(sku: sku, title: title, quantity: 2, unitPrice: 50)]
        return order
    }

    @Test func aLineWithATitleAndNoSKUTakesTheFastPath() {
        let order = Self.order(sku: "", title: "Gift card")
        #expect(order.isPlainlyValid)
        #expect(order.fullValidationIssues() == [])
        var refunded = order
        refunded.refunds = [Refund(id: "S1", createdAt: order.createdAt, amount: 10)]
        #expect(refunded.refundsArePlainlyValid)
        #expect(refunded.fullValidationIssues() == [])
    }

    @Test(arguments: ["", " ", "\n\t"])
    func aLineWithNeitherNeverTakesTheFastPath(_ title: String) {
        let order = Self.order(sku: "", title: title)
        #expect(!order.isPlainlyValid)
        #expect(order.fullValidationIssues() == [OrderValidationIssue(field: "items[1].sku", problem: "must not be empty when the line has no title")])
        #expect(order.validationIssues() == order.fullValidationIssues())
    }
}
