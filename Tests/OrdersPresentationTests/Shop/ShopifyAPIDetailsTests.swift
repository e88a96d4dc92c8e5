import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
import OrdersTestSupport
import Testing

/// What Shopify's API writes beside money and statuses: the parcels' tracking, whether a refund
/// restocked, and notes typed with Windows line breaks; and the apostrophe its CSV puts before
/// a postcode.
@Suite("Shopify's tracking, restock, postcodes and line breaks come in as the shop means them")
struct ShopifyAPIDetailsTests {
    static func date(_ text: String) -> Date { ShopFixtures.date(text) }
    static func money(_ text: String) -> Decimal { ShopFixtures.money(text) }

    /// An order as `GET /admin/api/2026-10/orders.json` writes it (REST fields, written for this
    /// test from the Order, Fulfillment and Refund objects' documented fields), prices including
    /// 19 % VAT:
    /// lines 1 × 39.90 + 2 × 7.50 = 54.90; shipping 4.90; total 54.90 + 4.90 = 59.80 (tax inside:
    /// 59.80 × 19 / 119 = 9.548… → 9.55). Three fulfillments: one with two parcels (REST's lists
    /// and the older single fields side by side), one cancelled (its UPS number is void), one
    /// Hermes parcel without a tracking page. Two refunds of one cup each: 7.50 returned to stock
    /// (`restock_type: return`), 2.00 goodwill without restock (`no_restock`). The note was typed
    /// in a web form: CRLF.
    static let restOrder = """
        {"orders": [{"id": 5012345678910, "name": "#2001", "email": "mia@example.com",
          "created_at": "2026-11-20T09:00:00+01:00", "processed_at": "2026-11-20T09:00:05+01:00", "currency": "EUR",
          "financial_status": "partially_refunded", "fulfillment_status": "fulfilled", "taxes_included": true,
          "total_price": "59.80", "subtotal_price": "54.90", "total_tax": "9.55", "total_discounts": "0.00",
          "note": "Bitte beim Nachbarn abgeben.\\r\\nDanke!",
          "shipping_lines": [{"title": "DHL Paket", "price": "4.90"}],
          "shipping_address": {"first_name": "Mia", "last_name": "Wolf", "address1": "Prager Str. 2", "city": "Dresden",
                               "zip": "01069", "country_code": "DE"},
          "line_items": [{"id": 11, "name": "Tea pot", "sku": "TP-1", "quantity": 1, "price": "39.90", "fulfillable_quantity": 0},
                         {"id": 12, "name": "Tea cup", "sku": "TC-1", "quantity": 2, "price": "7.50", "fulfillable_quantity": 0}],
          "fulfillments": [
            {"id": 1, "status": "success", "tracking_company": "DHL", "tracking_number": "00340434161094042557",
             "tracking_numbers": ["00340434161094042557", "00340434161094042564"],
             "tracking_url": "https://www.dhl.de/track?n=00340434161094042557",
             "tracking_urls": ["https://www.dhl.de/track?n=00340434161094042557", "https://www.dhl.de/track?n=00340434161094042564"]},
            {"id": 2, "status": "cancelled", "tracking_company": "UPS", "tracking_numbers": ["1Z999AA10123456784"], "tracking_urls": []},
            {"id": 3, "status": "success", "tracking_company": "Hermes", "tracking_number": "H1001", "tracking_url": null}],
          "refunds": [
            {"id": 9, "created_at": "2026-11-25T10:00:00+01:00", "note": "Cup broke",
             "refund_line_items": [{"line_item_id": 12, "quantity": 1, "restock_type": "return"}],
             "transactions": [{"kind": "refund", "status": "success", "amount": "7.50"}]},
            {"id": 10, "created_at": "2026-11-26T10:00:00+01:00", "note": "Goodwill",
             "refund_line_items": [{"line_item_id": 12, "quantity": 1, "restock_type": "no_restock"}],
             "transactions": [{"kind": "refund", "status": "success", "amount": "2.00"}]}]}]}
        """

    /// The order of `restOrder` as every reader of Shopify's API should make it (the bulk
    /// operation's lines too, `ShopifyBulkJSONLTests`), with `format`'s source.
    static var expectedRestOrder: Order {
        var expected = Order(
            id: OrderID.provisional(for: OrderReference(source: "shopify", number: "#2001")), number: "#2001", source: "shopify",
            shopOrderID: "5012345678910", customerName: "Mia Wolf", email: "mia@example.com", country: "DE", currency: .eur,
            // fulfillable_quantity 0: every unit sent.
            items: [LineItem(sku: "TP-1", title: "Tea pot", quantity: 1, unitPrice: Self.money("39.90"), fulfilledQuantity: 1),
                    LineItem(sku: "TC-1", title: "Tea cup", quantity: 2, unitPrice: Self.money("7.50"), fulfilledQuantity: 2)],
            discount: 0, shipping: Self.money("4.90"), tax: Self.money("9.55"), taxesIncluded: true,
            statedTotal: Self.money("59.80"),
            refunds: [Refund(id: "S1", createdAt: Self.date("2026-11-25T09:00:00Z"), reason: "Cup broke", amount: Self.money("7.50"),
                             lines: [RefundLine(line: 1, quantity: 1)], restock: true),
                      Refund(id: "S2", createdAt: Self.date("2026-11-26T09:00:00Z"), reason: "Goodwill", amount: 2,
                             lines: [RefundLine(line: 1, quantity: 1)], restock: false)],
            createdAt: Self.date("2026-11-20T08:00:00Z"), updatedAt: Self.date("2026-11-26T09:00:00Z"))
        expected.payment = .partiallyRefunded
        expected.fulfillment = .fulfilled
        expected.customerKey = "mia@example.com"
        expected.shippingAddress = PostalAddress(name: "Mia Wolf", lines: ["Prager Str. 2"], city: "Dresden", postcode: "01069",
                                                 country: "DE")
        expected.shippingMethod = "DHL Paket"
        expected.customerNote = "Bitte beim Nachbarn abgeben.\nDanke!"
        expected.paidAt = Self.date("2026-11-20T08:00:05Z")
        // The cancelled fulfillment's number is not the parcel's; Hermes names no tracking page.
        expected.trackingNumbers = ["00340434161094042557", "00340434161094042564", "H1001"]
        expected.noteAttributes = [
            NoteAttribute(key: "tracking 00340434161094042557", value: "DHL https://www.dhl.de/track?n=00340434161094042557"),
            NoteAttribute(key: "tracking 00340434161094042564", value: "DHL https://www.dhl.de/track?n=00340434161094042564"),
            NoteAttribute(key: "tracking H1001", value: "Hermes"),
        ]
        return expected
    }

    @Test func aRESTOrderBringsItsTrackingRestockAndANoteWithUnixLineBreaks() throws {
        let orders = try ShopFixtures.mapped(Self.restOrder, "orders.json")
        #expect(orders == [Self.expectedRestOrder])
        #expect(orders.first?.total == Self.money("59.80"), "54.90 + 4.90, the tax inside")
        #expect(orders.first?.statedTotalDifference == nil)
    }

    @Test @MainActor func theDetailShowsTheTrackingNumbersTheirCarriersAndTheNoteWithoutCR() async throws {
        var order = try #require(try ShopFixtures.mapped(Self.restOrder, "orders.json").first)
        order.id = OrderID(10)
        let (list, _) = await PresentationFixtures.loadedModel(OrderFixtures.sample + [order])
        let detail = OrderDetailModel(orderID: OrderID(10), list: list)
        detail.load()
        await detail.waitForPendingWork()
        #expect(detail.delivery == DetailDelivery(paidText: "Nov 20, 2026 at 08:00 GMT", paymentMethod: nil, fulfilledText: nil,
                                                  shippingMethod: "DHL Paket",
                                                  trackingNumbers: ["00340434161094042557", "00340434161094042564", "H1001"]))
        #expect(detail.noteAttributeLines == [
            "tracking 00340434161094042557: DHL https://www.dhl.de/track?n=00340434161094042557",
            "tracking 00340434161094042564: DHL https://www.dhl.de/track?n=00340434161094042564",
            "tracking H1001: Hermes",
        ])
        #expect(detail.customerNoteText == "Bitte beim Nachbarn abgeben.\nDanke!")
    }

    @Test func graphQLsTrackingInfoIsReadToo() throws {
        let json = """
            {"name": "#2002", "email": "a@example.com", "created_at": "2026-11-20T09:00:00Z", "currency": "USD",
             "financial_status": "paid", "fulfillment_status": "fulfilled", "total_price": "10.00",
             "line_items": [{"name": "Pen", "sku": "P", "quantity": 1, "price": "10.00"}],
             "fulfillments": [{"status": "SUCCESS", "trackingInfo": [{"number": "9400100000000000000000", "company": "USPS",
                                                                      "url": "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000"},
                                                                     {"number": "LX123", "company": null, "url": null}]}]}
            """
        let order = try #require(try ShopFixtures.mapped(json, "order.json").first)
        #expect(order.trackingNumbers == ["9400100000000000000000", "LX123"])
        #expect(order.noteAttributes == [NoteAttribute(key: "tracking 9400100000000000000000",
                                                       value: "USPS https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000")])
    }

    /// Every way Shopify says a refund line went back to stock, and the ways it says it did not.
    @Test(arguments: [
        (#"{"restock_type": "return"}"#, true), (#"{"restock_type": "cancel"}"#, true),
        (#"{"restock_type": "legacy_restock"}"#, true), (#"{"restock_type": "no_restock"}"#, false),
        (#"{"restock": true}"#, true), (#"{"restock": false}"#, false), (#"{"restockType": "RETURN"}"#, true),
        (#"{"restockType": "NO_RESTOCK", "restocked": false}"#, false), (#"{"restocked": true}"#, true), ("{}", false),
    ])
    func aRefundLineRestocksAsShopifySays(_ line: String, _ restocks: Bool) throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        #expect(JSONOrderReader.isRestocked(value) == restocks)
    }

    /// Shopify's CSV guards a postcode's leading zero for spreadsheets: `'01067` is the postcode
    /// 01067. Only the Zip columns lose the apostrophe; a company called `'t Hoekje` keeps it.
    @Test func theSpreadsheetsApostropheBeforeAPostcodeIsDropped() throws {
        let csv = CSVWriter.line(ShopFixtures.shopifyHeader) + ShopFixtures.shopifyRow([
            "Name": "#3001", "Email": "lena@example.de", "Financial Status": "paid", "Currency": "EUR", "Subtotal": "10.00",
            "Shipping": "0.00", "Taxes": "0.00", "Total": "10.00", "Created at": "2026-11-20 10:00:00 +0100",
            "Lineitem quantity": "1", "Lineitem name": "Pen", "Lineitem price": "10.00", "Lineitem sku": "P",
            "Billing Name": "Lena Vogel", "Billing Company": "'t Hoekje", "Billing Address1": "Altmarkt 1", "Billing City": "Dresden",
            "Billing Zip": "'01067", "Billing Country": "DE", "Shipping Name": "Tom Vogel", "Shipping Address1": "Beacon St 1",
            "Shipping City": "Boston", "Shipping Zip": "'02134", "Shipping Province": "MA", "Shipping Country": "US",
            "Notes": "Line one\r\nline two\rline three",
        ])
        let order = try #require(try ShopFixtures.mapped(csv, "orders_export.csv").first)
        #expect(order.billingAddress == PostalAddress(name: "Lena Vogel", company: "'t Hoekje", lines: ["Altmarkt 1"], city: "Dresden",
                                                      postcode: "01067", country: "DE"))
        #expect(order.shippingAddress == PostalAddress(name: "Tom Vogel", lines: ["Beacon St 1"], city: "Boston", postcode: "02134",
                                                       region: "MA", country: "US"))
        #expect(order.customerNote == "Line one\nline two\nline three", "CRLF and a lone CR are line feeds")
    }
}
