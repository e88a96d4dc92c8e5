import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

@Suite("A Shopify bulk operation's JSON Lines import as orders")
struct ShopifyBulkJSONLTests {
    /// The order of `ShopifyAPIDetailsTests.restOrder` as a bulk operation over `orders` writes it
    /// (GraphQL fields, written for this test from the Order, LineItem, Fulfillment and Refund
    /// objects): the order on one line with its plain lists (fulfillments, refunds) nested, each
    /// line item on a line of its own after it naming it in `__parentId`; amounts as GraphQL's
    /// Decimal writes them, without trailing zeros (`"59.8"`). The same figures as the REST order:
    /// 39.90 + 2 × 7.50 + 4.90 shipping = 59.80, tax 9.55 inside; so the same order comes out.
    static let bulk = """
        {"id": "gid://shopify/Order/5012345678910", "name": "#2001", "email": "mia@example.com", \
        "createdAt": "2026-11-20T08:00:00Z", "processedAt": "2026-11-20T08:00:05Z", "currencyCode": "EUR", \
        "displayFinancialStatus": "PARTIALLY_REFUNDED", "displayFulfillmentStatus": "FULFILLED", \
        "taxesIncluded": true, "note": "Bitte beim Nachbarn abgeben.\\r\\nDanke!", "tags": [], \
        "totalPriceSet": {"shopMoney": {"amount": "59.8", "currencyCode": "EUR"}}, \
        "subtotalPriceSet": {"shopMoney": {"amount": "54.9", "currencyCode": "EUR"}}, \
        "totalTaxSet": {"shopMoney": {"amount": "9.55", "currencyCode": "EUR"}}, \
        "totalDiscountsSet": {"shopMoney": {"amount": "0.0", "currencyCode": "EUR"}}, \
        "totalShippingPriceSet": {"shopMoney": {"amount": "4.9", "currencyCode": "EUR"}}, \
        "shippingLine": {"title": "DHL Paket"}, "shippingAddress": {"firstName": "Mia", "lastName": "Wolf", \
        "address1": "Prager Str. 2", "city": "Dresden", "zip": "01069", "countryCodeV2": "DE"}, \
        "fulfillments": [{"status": "SUCCESS", "trackingInfo": [{"number": "00340434161094042557", "company": "DHL", \
        "url": "https://www.dhl.de/track?n=00340434161094042557"}, {"number": "00340434161094042564", \
        "company": "DHL", "url": "https://www.dhl.de/track?n=00340434161094042564"}]}, {"status": "CANCELLED", \
        "trackingInfo": [{"number": "1Z999AA10123456784", "company": "UPS", "url": null}]}, {"status": "SUCCESS", \
        "trackingInfo": [{"number": "H1001", "company": "Hermes", "url": null}]}], \
        "refunds": [{"id": "gid://shopify/Refund/9", "createdAt": "2026-11-25T09:00:00Z", "note": "Cup broke", \
        "totalRefundedSet": {"shopMoney": {"amount": "7.5", "currencyCode": "EUR"}}, \
        "refundLineItems": {"nodes": [{"quantity": 1, "restockType": "RETURN", \
        "lineItem": {"id": "gid://shopify/LineItem/12", "sku": "TC-1", "name": "Tea cup"}}]}}, \
        {"id": "gid://shopify/Refund/10", "createdAt": "2026-11-26T09:00:00Z", "note": "Goodwill", \
        "totalRefundedSet": {"shopMoney": {"amount": "2.0", "currencyCode": "EUR"}}, \
        "refundLineItems": {"nodes": [{"quantity": 1, "restockType": "NO_RESTOCK", \
        "lineItem": {"id": "gid://shopify/LineItem/12", "sku": "TC-1", "name": "Tea cup"}}]}}]}
        {"id": "gid://shopify/LineItem/11", "name": "Tea pot", "sku": "TP-1", "quantity": 1, \
        "unfulfilledQuantity": 0, "originalUnitPriceSet": {"shopMoney": {"amount": "39.9", "currencyCode": "EUR"}}, \
        "__parentId": "gid://shopify/Order/5012345678910"}
        {"id": "gid://shopify/LineItem/12", "name": "Tea cup", "sku": "TC-1", "quantity": 2, \
        "unfulfilledQuantity": 0, "originalUnitPriceSet": {"shopMoney": {"amount": "7.5", "currencyCode": "EUR"}}, \
        "__parentId": "gid://shopify/Order/5012345678910"}

        """

    @Test func theLinesAreToldFromOtherJSONAndMakeTheSameOrderAsTheRESTAPI() throws {
        #expect(ShopFileReader.detect(Array(Self.bulk.utf8)) == .shopifyJSONL)
        let orders = try ShopFixtures.mapped(Self.bulk, "bulk.jsonl")
        #expect(orders == [ShopifyAPIDetailsTests.expectedRestOrder])
    }

    /// The same order with the refunds' `refundLineItems` connection flattened as a bulk operation writes a
    /// connection: each refund line on a line of its own after the order, naming its refund (nested in the
    /// order's plain `refunds` list) in `__parentId`.
    static let bulkWithRefundLinesApart: String = {
        var text = bulk
        for (refund, restock) in [("9", "RETURN"), ("10", "NO_RESTOCK")] {
            let nested = #""refundLineItems": {"nodes": [{"quantity": 1, "restockType": "\#(restock)", "#
                + #""lineItem": {"id": "gid://shopify/LineItem/12", "sku": "TC-1", "name": "Tea cup"}}]}"#
            text = text.replacingOccurrences(of: nested, with: #""refundLineItems": {"nodes": []}"#)
            text += #"{"id": "gid://shopify/RefundLineItem/\#(refund)1", "quantity": 1, "restockType": "\#(restock)", "#
                + #""lineItem": {"id": "gid://shopify/LineItem/12", "sku": "TC-1", "name": "Tea cup"}, "#
                + #""__parentId": "gid://shopify/Refund/\#(refund)"}"# + "\n"
        }
        return text
    }()

    @Test func aRefundsLinesOnLinesOfTheirOwnMakeTheSameOrder() throws {
        #expect(!Self.bulkWithRefundLinesApart.contains(#""restockType": "RETURN", "lineItem": {"id": "gid://shopify/LineItem/12", "sku": "TC-1", "name": "Tea cup"}}]}"#))
        #expect(Self.bulkWithRefundLinesApart.components(separatedBy: "\n").filter { $0.contains("__parentId") }.count == 4)
        let orders = try ShopFixtures.mapped(Self.bulkWithRefundLinesApart, "bulk.jsonl")
        #expect(orders == [ShopifyAPIDetailsTests.expectedRestOrder])
    }

    @Test func aChildWhoseParentIsNotBeforeItIsAProblemAtItsLine() throws {
        let text = Self.bulk + #"{"id": "gid://shopify/LineItem/99", "name": "Lost", "quantity": 1, "__parentId": "gid://shopify/Order/1"}"#
            + "\n"
        let contents = try ShopFileReader.contents(of: Array(text.utf8), fileName: "bulk.jsonl", zone: ShopFixtures.utc)
        #expect(contents.orders.map { $0.number } == ["#2001"])
        #expect(contents.problems == [ImportProblem(file: "bulk.jsonl", location: .line(4), field: "__parentId",
                                                    problem: "names gid://shopify/Order/1, which no line before it is")])
    }

    @Test func aBrokenLineIsNamedAtItsLineAndColumn() {
        let text = Self.bulk + "{\"id\": \"gid://shopify/Order/2\",}\n"
        let problems: [ImportProblem]
        do {
            _ = try ShopFileReader.contents(of: Array(text.utf8), fileName: "bulk.jsonl", zone: ShopFixtures.utc)
            problems = []
        } catch {
            problems = error.problems
        }
        #expect(problems.map(\.location) == [RecordLocation.position(line: 4, column: 32)])
    }

    @Test(arguments: [("displayFinancialStatus", "display_financial_status"), ("countryCodeV2", "country_code_v2"),
                      ("totalPriceSet", "total_price_set"), ("address1", "address1"), ("id", "id"), ("__parentId", "__parent_id")])
    func graphQLNamesBecomeRESTNames(_ name: String, _ rest: String) {
        #expect(ShopifyGraphQLOrder.snakeCase(name) == rest)
    }
}
