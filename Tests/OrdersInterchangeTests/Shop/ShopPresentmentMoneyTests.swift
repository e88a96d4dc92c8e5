import Foundation
@testable import OrdersCore
import OrdersTestSupport
import Testing

@Suite("A Shopify order paid in another currency is kept in it, the shop's total beside it")
struct ShopPresentmentMoneyTests {
    static func money(_ text: String) -> Decimal { ShopFixtures.money(text) }

    /// Shop in USD, customer charged in EUR: every amount stated in both.
    static func order(linePriceSet: Bool = true) -> String {
        func set(_ usd: String, _ eur: String) -> String {
            "{\"shop_money\": {\"amount\": \"\(usd)\", \"currency_code\": \"USD\"}, "
                + "\"presentment_money\": {\"amount\": \"\(eur)\", \"currency_code\": \"EUR\"}}"
        }
        return """
            {"name": "#5001", "email": "e@example.com", "created_at": "2025-12-07T10:00:00Z", "currency": "USD",
             "presentment_currency": "EUR", "financial_status": "partially_refunded", "taxes_included": false,
             "total_price": "124.20", "total_price_set": \(set("124.20", "115.00")),
             "subtotal_price": "108.00", "subtotal_price_set": \(set("108.00", "100.00")),
             "total_tax": "0.00", "total_tax_set": \(set("0.00", "0.00")),
             "total_discounts": "0.00", "total_discounts_set": \(set("0.00", "0.00")),
             "original_total_duties_set": \(set("5.40", "5.00")),
             "shipping_lines": [{"title": "Standard", "price": "10.80", "price_set": \(set("10.80", "10.00"))}],
             "line_items": [{"id": 1, "name": "Scarf", "sku": "SC-1", "quantity": 2, "price": "54.00"
                             \(linePriceSet ? ", \"price_set\": \(set("54.00", "50.00"))" : "")}],
             "refunds": [{"created_at": "2025-12-08T10:00:00Z", "note": "Too warm",
                          "transactions": [{"kind": "refund", "status": "success", "amount": "50.00", "currency": "EUR"}],
                          "refund_line_items": [{"line_item_id": 1, "quantity": 1}]}]}
            """
    }

    @Test func theOrderIsInTheCustomersMoneyWithTheShopsTotalAndRate() throws {
        let order = try #require(try ShopFixtures.mapped(Self.order(), "order.json").first)
        #expect(order.currency == .eur)
        #expect(order.items == [LineItem(sku: "SC-1", title: "Scarf", quantity: 2, unitPrice: 50)])
        #expect(order.shipping == 10)
        #expect(order.adjustments == [OrderAdjustment(kind: .duty, label: "Duties", amount: 5)])
        #expect(order.total == 115)
        #expect(order.statedTotal == 115)
        #expect(order.statedTotalDifference == nil)
        #expect(order.shopCurrency == .usd)
        #expect(order.shopTotal == Self.money("124.20"))
        #expect(order.exchangeRate == Self.money("1.08"))
        #expect(order.reportingCurrency == .usd)
        #expect(order.reportingTotal == Self.money("124.20"))
        #expect(order.refunded == 50)
        #expect(order.outstanding == 65, "the refund was in euros, as the order is")
        #expect(order.noteAttributes == [], "no presentment note: the fields hold it")
        #expect(order.validationIssues() == [])
    }

    @Test func withoutEveryAmountInTheCustomersMoneyTheOrderStaysInTheShopsAndNotesTheirTotal() throws {
        let order = try #require(try ShopFixtures.mapped(Self.order(linePriceSet: false), "order.json").first)
        #expect(order.currency == .usd)
        #expect(order.items == [LineItem(sku: "SC-1", title: "Scarf", quantity: 2, unitPrice: 54)])
        #expect(order.total == Self.money("124.20"))
        #expect((order.shopCurrency, order.shopTotal, order.exchangeRate) == (nil, nil, nil))
        #expect(order.noteAttributes == [NoteAttribute(key: "presentment total", value: "115.00 EUR")])
    }
}
