import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

@Suite("Fees and duties become the order's adjustments, so its total is the shop's")
struct ShopFeesAndDutiesTests {
    static func money(_ text: String) -> Decimal { ShopFixtures.money(text) }

    static func orders(_ text: String, _ name: String) throws -> [Order] {
        try ShopFixtures.mapped(text, name)
    }

    @Test func wooCommerceFeeLinesAreFeesAndTheirTaxIsInTheTaxTotal() throws {
        let csv = """
            "order_id","order_number","order_date","status","shipping_total","fee_total","tax_total","order_total","order_subtotal","order_currency","billing_email","fee_items","line_item_1"
            "9001","9001","2025-12-05 14:30:00","processing","4.90","7.50","11.43","73.83","50.00","EUR","a@example.com","name:Gift wrap|total:5.00|tax:0.95;name:Cash on delivery|total:2.50|tax:0.48","name:Mug|sku:M|quantity:2|total:50.00|sub_total:50.00|tax:9.50"
            "9002","9002","2025-12-05 15:00:00","processing","0.00","3.00","0.00","13.00","10.00","EUR","b@example.com","","name:Pen|sku:P|quantity:1|total:10.00|sub_total:10.00|tax:0.00"

            """
        let orders = try Self.orders(csv, "woo.csv")
        #expect(orders.map(\.adjustments) == [
            [OrderAdjustment(kind: .fee, label: "Gift wrap", amount: 5), OrderAdjustment(kind: .fee, label: "Cash on delivery", amount: Self.money("2.50"))],
            [OrderAdjustment(kind: .fee, label: "Fees", amount: 3)],
        ])
        #expect(orders.map(\.taxesIncluded) == [false, false])
        #expect(orders.map(\.total) == [Self.money("73.83"), 13], "50 + 4.90 shipping + 7.50 fees + 11.43 tax; 10 + 3 fees")
        #expect(orders.map(\.statedTotalDifference) == [nil, nil])
    }

    @Test func shopifyCSVDutiesAreADutyInTheTotal() throws {
        let csv = CSVWriter.line(ShopFixtures.shopifyHeader) + ShopFixtures.shopifyRow([
            "Name": "#3001", "Email": "c@example.com", "Financial Status": "paid", "Currency": "USD", "Subtotal": "100.00",
            "Shipping": "20.00", "Taxes": "8.00", "Duties": "12.40", "Total": "140.40", "Created at": "2025-12-07 10:00:00 +0000",
            "Lineitem quantity": "1", "Lineitem name": "Boots", "Lineitem price": "100.00", "Lineitem sku": "B-1",
        ])
        let order = try #require(try Self.orders(csv, "orders_export.csv").first)
        #expect(order.adjustments == [OrderAdjustment(kind: .duty, label: "Duties", amount: Self.money("12.40"))])
        #expect(order.taxesIncluded == false, "told from the figures with the duties counted")
        #expect(order.total == Self.money("140.40"))
        #expect(order.statedTotalDifference == nil)
    }

    @Test func shopifyJSONDutiesAndAdditionalFeesAreInTheShopsMoney() throws {
        let json = """
            {"name": "#4001", "email": "d@example.com", "created_at": "2025-12-07T10:00:00Z", "currency": "USD",
             "financial_status": "paid", "total_price": "136.00", "subtotal_price": "100.00", "total_tax": "0.00",
             "taxes_included": false, "shipping_lines": [{"title": "International", "price": "20.00"}],
             "original_total_duties_set": {"shop_money": {"amount": "10.50", "currency_code": "USD"},
                                           "presentment_money": {"amount": "9.70", "currency_code": "EUR"}},
             "current_total_duties_set": {"shop_money": {"amount": "0.00", "currency_code": "USD"},
                                          "presentment_money": {"amount": "0.00", "currency_code": "EUR"}},
             "current_total_additional_fees_set": {"shop_money": {"amount": "5.50", "currency_code": "USD"},
                                                   "presentment_money": {"amount": "5.08", "currency_code": "EUR"}},
             "line_items": [{"name": "Boots", "sku": "B-1", "quantity": 1, "price": "100.00"}]}
            """
        let order = try #require(try Self.orders(json, "order.json").first)
        #expect(order.adjustments == [OrderAdjustment(kind: .duty, label: "Duties", amount: Self.money("10.50")),
                                      OrderAdjustment(kind: .fee, label: "Additional fees", amount: Self.money("5.50"))],
                "the duties charged at checkout, not what is left of them after a refund")
        #expect(order.total == 136)
        #expect(order.statedTotalDifference == nil)
    }

    @Test func aMappedCSVsFeesAndDutiesColumns() throws {
        let mapping = try CSVMapping.read(Array("""
            {"columns": {"number": "no", "createdAt": "at", "currency": "cur", "total": "sum", "fees": "fee", "duties": "duty",
                         "email": "mail", "item.title": "what", "item.quantity": "n", "item.unitPrice": "each"}}
            """.utf8), fileName: "map.json")
        let csv = "no,at,cur,sum,fee,duty,mail,what,n,each\nX-1,2025-12-07T10:00:00Z,USD,17.25,1.25,6.00,e@example.com,Cap,1,10.00\n"
        let plan = try ShopImportPreview.plan(Array(csv.utf8), fileName: "x.csv", options: ShopImportOptions(zone: ShopFixtures.utc, mapping: mapping))
        let order = try #require(plan.entries.first?.order)
        #expect(order.adjustments == [OrderAdjustment(kind: .fee, label: "Fees", amount: Self.money("1.25")),
                                      OrderAdjustment(kind: .duty, label: "Duties", amount: 6)])
        #expect(order.total == Self.money("17.25"))
    }
}
