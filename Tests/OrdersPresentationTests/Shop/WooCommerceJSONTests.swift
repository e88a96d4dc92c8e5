import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

@Suite("WooCommerce's REST API orders, and its tax-inclusive lines, come in whole")
struct WooCommerceJSONTests {
    static func date(_ text: String) -> Date { ShopFixtures.date(text) }
    static func money(_ text: String) -> Decimal { ShopFixtures.money(text) }

    /// One page of `GET /wp-json/wc/v3/orders`, written for this test from the documented order
    /// fields (money as strings, `date_*_gmt` in UTC without an offset, a line's amounts without tax).
    ///
    /// 727, a UK shop entering prices with 20 % VAT: 3 mugs at 9.99 = 29.97 with VAT, stored as
    /// a line of 24.98 without it (29.97 / 1.2 = 24.975 → 24.98) and 4.99 tax. Shipping 4.10 + 0.82
    /// VAT. Total 29.97 + 4.92 = 34.89; total_tax 4.99 + 0.82 = 5.81. The line keeps its total 24.98
    /// and the unit price is derived: 24.98 / 3 = 8.3266… → 8.33 (`LineItem+StatedTotal.swift`), so
    /// the order's total is 24.98 + 4.10 + 5.81 = 34.89, the shop's stated total.
    ///
    /// 728, renumbered by a plugin (`number` "2026-0728"), completed, in euros: a lamp at 55.00
    /// (`subtotal`, before the coupon; `total` 50.00 after it), coupon AUTUMN5 of 5.00, a gift wrap
    /// fee of 5.00, tax 9.50 (19 % of 50.00), no shipping: 55 − 5 + 5 + 9.50 = 64.50. A refund of
    /// 10.00 (written as "-10.00"). A guest (`customer_id` 0).
    static let page = """
        [{"id": 727, "number": "727", "status": "processing", "currency": "GBP", "prices_include_tax": true,
          "date_created": "2026-11-20T09:30:00", "date_created_gmt": "2026-11-20T09:30:00",
          "date_modified_gmt": "2026-11-20T09:31:00", "date_paid_gmt": "2026-11-20T09:31:00", "date_completed_gmt": null,
          "discount_total": "0.00", "discount_tax": "0.00", "shipping_total": "4.10", "shipping_tax": "0.82",
          "cart_tax": "4.99", "total": "34.89", "total_tax": "5.81", "customer_id": 12,
          "customer_note": "Please wrap it.\\r\\nThanks", "created_via": "checkout",
          "billing": {"first_name": "Ann", "last_name": "Roe", "company": "", "address_1": "1 High St", "address_2": "",
                      "city": "Bath", "state": "", "postcode": "BA1 1AA", "country": "GB", "email": "ann@example.co.uk",
                      "phone": "+44 1225 000000"},
          "shipping": {"first_name": "Ann", "last_name": "Roe", "company": "", "address_1": "1 High St", "address_2": "",
                       "city": "Bath", "state": "", "postcode": "BA1 1AA", "country": "GB", "phone": ""},
          "payment_method": "stripe", "payment_method_title": "Credit card", "transaction_id": "ch_1",
          "line_items": [{"id": 31, "name": "Mug", "product_id": 5, "variation_id": 0, "quantity": 3, "tax_class": "",
                          "subtotal": "24.98", "subtotal_tax": "4.99", "total": "24.98", "total_tax": "4.99",
                          "taxes": [{"id": 1, "total": "4.99", "subtotal": "4.99"}], "meta_data": [], "sku": "MUG-1",
                          "price": 8.326666666666666}],
          "tax_lines": [{"id": 40, "rate_code": "GB-VAT-1", "rate_id": 1, "label": "VAT", "compound": false,
                         "tax_total": "4.99", "shipping_tax_total": "0.82"}],
          "shipping_lines": [{"id": 41, "method_title": "Royal Mail", "method_id": "flat_rate", "total": "4.10", "total_tax": "0.82"}],
          "fee_lines": [], "coupon_lines": [], "refunds": [],
          "meta_data": [{"id": 1, "key": "_stripe_fee", "value": "0.80"}, {"id": 2, "key": "gift_message", "value": "Happy birthday"}]},
         {"id": 728, "number": "2026-0728", "status": "completed", "currency": "EUR", "prices_include_tax": false,
          "date_created_gmt": "2026-11-21T08:00:00", "date_paid_gmt": "2026-11-21T08:01:00",
          "date_completed_gmt": "2026-11-22T12:00:00", "discount_total": "5.00", "shipping_total": "0.00",
          "total": "64.50", "total_tax": "9.50", "customer_id": 0, "customer_note": "",
          "billing": {"first_name": "Jan", "last_name": "Kowalski", "address_1": "ul. Długa 5", "city": "Gdańsk",
                      "postcode": "80-827", "country": "PL", "email": "jan@example.pl", "phone": ""},
          "shipping": {"first_name": "", "last_name": "", "address_1": "", "city": "", "postcode": "", "country": ""},
          "line_items": [{"id": 32, "name": "Lamp", "quantity": 1, "subtotal": "55.00", "subtotal_tax": "10.45",
                          "total": "50.00", "total_tax": "9.50", "sku": "LAMP", "price": 55}],
          "shipping_lines": [], "fee_lines": [{"id": 50, "name": "Gift wrap", "total": "5.00", "total_tax": "0.00"}],
          "coupon_lines": [{"id": 51, "code": "AUTUMN5", "discount": "5.00", "discount_tax": "0.95"}],
          "refunds": [{"id": 90, "reason": "Scratched", "total": "-10.00"}], "meta_data": []}]
        """

    static var expected: [Order] {
        var uk = Order(
            id: OrderID.provisional(for: OrderReference(source: "woocommerce", number: "727")), number: "727", source: "woocommerce",
            shopOrderID: "727", customerName: "Ann Roe", email: "ann@example.co.uk", country: "GB", currency: Currency.named("GBP")!,
            items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 3, unitPrice: Self.money("8.33"), statedLineTotal: Self.money("24.98"))],
            shipping: Self.money("4.10"), tax: Self.money("5.81"), taxesIncluded: false, statedTotal: Self.money("34.89"),
            createdAt: Self.date("2026-11-20T09:30:00Z"), updatedAt: Self.date("2026-11-20T09:31:00Z"))
        uk.payment = .paid
        uk.sourceStatus = "processing"
        uk.phone = "+44 1225 000000"
        uk.customerKey = "12"
        uk.billingAddress = PostalAddress(name: "Ann Roe", lines: ["1 High St"], city: "Bath", postcode: "BA1 1AA", country: "GB",
                                          phone: "+44 1225 000000")
        uk.shippingAddress = PostalAddress(name: "Ann Roe", lines: ["1 High St"], city: "Bath", postcode: "BA1 1AA", country: "GB")
        uk.shippingMethod = "Royal Mail"
        uk.paymentMethod = "Credit card"
        uk.customerNote = "Please wrap it.\nThanks"
        uk.paidAt = Self.date("2026-11-20T09:31:00Z")
        // `_stripe_fee` is the shop's own (hidden) meta.
        uk.noteAttributes = [NoteAttribute(key: "gift_message", value: "Happy birthday"), NoteAttribute(key: "channel", value: "checkout")]
        var polish = Order(
            id: OrderID.provisional(for: OrderReference(source: "woocommerce", number: "2026-0728")), number: "2026-0728",
            source: "woocommerce", shopOrderID: "728", customerName: "Jan Kowalski", email: "jan@example.pl", country: "PL",
            currency: .eur, items: [LineItem(sku: "LAMP", title: "Lamp", quantity: 1, unitPrice: 55, fulfilledQuantity: 1)],
            discount: 5, shipping: 0, tax: Self.money("9.50"), taxesIncluded: false,
            discountCodes: [DiscountCode(code: "AUTUMN5", amount: 5)], adjustments: [OrderAdjustment(kind: .fee, label: "Gift wrap", amount: 5)],
            statedTotal: Self.money("64.50"),
            // WooCommerce's list states no refund date: the order's own is the earliest it can be.
            refunds: [Refund(id: "S1", createdAt: Self.date("2026-11-21T08:00:00Z"), reason: "Scratched", amount: 10)],
            createdAt: Self.date("2026-11-21T08:00:00Z"), updatedAt: Self.date("2026-11-22T12:00:00Z"))
        polish.payment = .partiallyRefunded
        polish.fulfillment = .fulfilled
        polish.isClosed = true
        polish.sourceStatus = "completed"
        polish.customerKey = "jan@example.pl"
        polish.billingAddress = PostalAddress(name: "Jan Kowalski", lines: ["ul. Długa 5"], city: "Gdańsk", postcode: "80-827", country: "PL")
        polish.paidAt = Self.date("2026-11-21T08:01:00Z")
        polish.fulfilledAt = Self.date("2026-11-22T12:00:00Z")
        return [uk, polish]
    }

    @Test func aPageOfTheAPIIsToldFromShopifysAndImportsFieldForField() throws {
        #expect(ShopFileReader.detect(Array(Self.page.utf8)) == .wooCommerceJSON)
        #expect(ShopFileReader.detect(Array(ShopifyAPIDetailsTests.restOrder.utf8)) == .shopifyJSON)
        let orders = try ShopFixtures.mapped(Self.page, "orders.json")
        #expect(orders == Self.expected)
        #expect(orders.map(\.total) == [Self.money("34.89"), Self.money("64.50")])
        #expect(orders.map(\.statedTotalDifference) == [nil, nil], "the line total kept: no mismatch")
    }

    @Test func onePageOfDecodedObjectsReadsAsTheFileDoes() throws {
        let objects = try JSONDecoder().decode(JSONValue.self, from: Data(Self.page.utf8)).objects
        let page = WooCommerceJSONReader.orders(in: objects, file: "api", firstIndex: 100, zone: ShopFixtures.utc)
        #expect(page.problems == [])
        #expect(page.orders.map(\.location) == [.index(100), .index(101)])
        #expect(page.orders.map(\.number) == ["727", "2026-0728"])
    }

    @Test func problemsAreWordedInWooCommercesFieldNames() throws {
        let json = """
            [{"id": 9, "number": "9", "status": "pending", "currency": "EUR", "date_created_gmt": "2026-11-20T09:30:00",
              "total": 12.5, "line_items": [{"name": "Mug", "subtotal": "10.00"}, {"name": "Cup", "quantity": 1, "subtotal": "1O.00"}]}]
            """
        #expect(throws: ImportError(problems: [
            ImportProblem(file: "orders.json", location: .index(0), field: "total",
                          problem: "is not a string; the API writes money as a string like \"24.98\""),
            ImportProblem(file: "orders.json", location: .index(0), field: "line_items[0].quantity", problem: "is missing"),
            ImportProblem(file: "orders.json", location: .index(0), field: "line_items[1].subtotal",
                          problem: "\"1O.00\" is not an amount (expected digits with an optional point, like 403.70)"),
        ])) {
            try ShopFileReader.read(Array(json.utf8), fileName: "orders.json", zone: ShopFixtures.utc)
        }
    }

    /// The export plugin's CSV writes the same tax-inclusive line: it is imported, not refused.
    @Test func aTaxInclusiveCSVLineIsImportedWithItsTotalKept() throws {
        let csv = """
            "order_id","order_number","order_date","status","shipping_total","tax_total","order_total","order_subtotal","order_currency","billing_email","line_item_1"
            "727","727","2026-11-20 09:30:00","processing","0.00","4.99","29.97","24.98","GBP","ann@example.co.uk","name:Mug|sku:MUG-1|quantity:3|total:24.98|sub_total:24.98|tax:4.99"

            """
        let order = try #require(try ShopFixtures.mapped(csv, "wc.csv").first)
        #expect(order.items == [LineItem(sku: "MUG-1", title: "Mug", quantity: 3, unitPrice: Self.money("8.33"),
                                         statedLineTotal: Self.money("24.98"))])
        #expect(order.noteAttributes == [])
        #expect(order.total == Self.money("29.97"), "the line's 24.98 + 4.99")
        #expect(order.statedTotal == Self.money("29.97"))
    }
}
