import Foundation
import Testing
@testable import OrdersCore

/// The text rules the integer check answers from bytes give the full rules' answers: a street line
/// with any kind of line break, and a source with a colon, written in ASCII or not.
@Suite("Plain validity of street lines and sources")
struct PlainValidityTextTests {
    static func order() -> Order {
        PlainValidityTests.plainOrder()
    }

    @Test(arguments: ["Main St 1", "Straße 1", "東京都 1-2", "a\u{301}", "Zoë\u{200D}x"])
    func aLineOfOneLineTakesTheFastPath(_ line: String) {
        var order = Self.order()
        order.shippingAddress = PostalAddress(lines: [line])
        #expect(order.isPlainlyValid)
        #expect(order.fullValidationIssues() == [])
    }

    @Test(arguments: ["a\nb", "a\r\nb", "a\rb", "a\u{0B}b", "a\u{0C}b", "é\nb", "Straße\u{85}1", "a\u{2028}b", "東京\u{2029}", "\u{301}\n"])
    func aLineBreakNeverTakesTheFastPath(_ line: String) {
        var order = Self.order()
        order.billingAddress = PostalAddress(lines: [line])
        #expect(!order.isPlainlyValid)
        #expect(order.fullValidationIssues() == [OrderValidationIssue(field: "billing_address.lines", problem: "each line must be one line of text, not empty")])
    }

    @Test(arguments: [("shop", nil), ("shop:de", "must not contain \":\" (it separates source and number)"),
                      ("Läden", nil), ("Läden:de", "must not contain \":\" (it separates source and number)"),
                      ("東京:", "must not contain \":\" (it separates source and number)")])
    func aSourceWithAColonIsRefused(_ source: String, _ problem: String?) {
        #expect(OrderNumber.problem(withSource: source) == problem)
        var order = Self.order()
        order.source = source
        #expect(order.isPlainlyValid == (problem == nil))
        #expect(order.fullValidationIssues() == (problem.map { [OrderValidationIssue(field: "source", problem: $0)] } ?? []))
    }
}
