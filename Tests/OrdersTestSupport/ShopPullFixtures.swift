import Foundation

/// Orders as the shops' APIs write them, written from their documentation, for the pull tests.
public enum ShopPullFixtures {
    public static func money(_ amount: String, _ currency: String = "EUR") -> [String: Any] {
        ["shopMoney": ["amount": amount, "currencyCode": currency], "presentmentMoney": ["amount": amount, "currencyCode": currency]]
    }

    /// Shopify's #1001 (GraphQL Admin API `Order`): 2 mugs at 14.50 and a gift wrap at 2.00 (31.00),
    /// 5.00 off with WELCOME5 (subtotal after discounts 26.00), shipping 4.90, taxes included:
    /// total 26.00 + 4.90 = 30.90. One mug refunded (12.00, returned to stock), sent with one
    /// tracking number; risk assessed low and high (the highest counts).
    public static func shopifyOrder(id: Int = 5001, number: String = "#1001", updatedAt: String = "2026-11-21T09:00:00Z",
                             financial: String = "PARTIALLY_REFUNDED", note: String? = "Ring twice",
                             tags: [String] = ["gift"]) -> [String: Any] {
        [
            "id": "gid://shopify/Order/\(id)", "legacyResourceId": String(id), "name": number,
            "createdAt": "2026-11-20T10:00:00Z", "updatedAt": updatedAt, "processedAt": "2026-11-20T10:00:05Z",
            "cancelledAt": NSNull(), "cancelReason": NSNull(), "closed": false, "closedAt": NSNull(),
            "email": "ana@example.pt", "phone": NSNull(), "note": note ?? NSNull(), "tags": tags, "taxesIncluded": true,
            "currencyCode": "EUR", "presentmentCurrencyCode": "EUR",
            "displayFinancialStatus": financial, "displayFulfillmentStatus": "FULFILLED",
            "sourceName": "web", "paymentGatewayNames": ["shopify_payments"], "discountCodes": ["WELCOME5"],
            "customAttributes": [["key": "gift_message", "value": "Happy birthday"]],
            "customer": ["id": "gid://shopify/Customer/881", "legacyResourceId": "881", "firstName": "Ana", "lastName": "Lima",
                         "displayName": "Ana Lima"],
            "billingAddress": NSNull(),
            "shippingAddress": ["name": "Ana Lima", "firstName": "Ana", "lastName": "Lima", "company": NSNull(),
                                "address1": "Rua Augusta 27", "address2": "2.º esq.", "city": "Lisboa", "zip": "1100-048",
                                "province": NSNull(), "provinceCode": NSNull(), "country": "Portugal", "countryCodeV2": "PT",
                                "phone": "+351 912 345 678"],
            "subtotalPriceSet": money("26.00"), "totalPriceSet": money("30.90"), "totalTaxSet": money("5.14"),
            "totalDiscountsSet": money("5.00"), "totalShippingPriceSet": money("4.90"), "totalRefundedSet": money("12.00"),
            "currentTotalPriceSet": money("18.90"), "totalOutstandingSet": money("0.00"),
            "originalTotalDutiesSet": NSNull(), "originalTotalAdditionalFeesSet": NSNull(),
            "shippingLine": ["title": "CTT Expresso", "code": "ctt"],
            "risk": ["assessments": [["riskLevel": "LOW"], ["riskLevel": "HIGH"]]],
            "lineItems": [
                ["id": "gid://shopify/LineItem/11", "name": "Mug", "title": "Mug", "sku": "MUG-1", "quantity": 2, "currentQuantity": 1,
                 "unfulfilledQuantity": 0, "requiresShipping": true, "taxable": true,
                 "originalUnitPriceSet": money("14.50"), "discountedUnitPriceSet": money("12.00")],
                ["id": "gid://shopify/LineItem/12", "name": "Gift wrap", "title": "Gift wrap", "sku": NSNull(), "quantity": 1,
                 "currentQuantity": 1, "unfulfilledQuantity": 0, "requiresShipping": false, "taxable": true,
                 "originalUnitPriceSet": money("2.00"), "discountedUnitPriceSet": money("2.00")],
            ],
            "fulfillments": [["id": "gid://shopify/Fulfillment/71", "status": "SUCCESS", "displayStatus": "FULFILLED",
                              "createdAt": "2026-11-20T15:00:00Z",
                              "trackingInfo": [["number": "CTT-RR123456789PT", "company": "CTT",
                                                "url": "https://ctt.pt/track/CTT-RR123456789PT"]]]],
            "refunds": [["id": "gid://shopify/Refund/81", "createdAt": "2026-11-21T09:00:00Z", "note": "arrived broken",
                         "totalRefundedSet": money("12.00"),
                         "refundLineItems": [["quantity": 1, "restockType": "RETURN", "restocked": true,
                                              "lineItem": ["id": "gid://shopify/LineItem/11", "name": "Mug", "title": "Mug", "sku": "MUG-1",
                                                           "quantity": 2, "currentQuantity": 1, "unfulfilledQuantity": 0,
                                                           "requiresShipping": true, "taxable": true,
                                                           "originalUnitPriceSet": money("14.50"),
                                                           "discountedUnitPriceSet": money("12.00")]]]]],
        ]
    }

    /// WooCommerce's order 727 (REST v3), number 1042: 3 cups at 8.00 (24.00) without tax, shipping
    /// 5.00, tax 5.80: total 24.00 + 5.00 + 5.80 = 34.80; processing (paid, not sent).
    public static func wooOrder(id: Int = 727, number: String = "1042", modified: String = "2026-11-21T09:00:00",
                         status: String = "processing") -> [String: Any] {
        [
            "id": id, "number": number, "status": status, "currency": "EUR", "prices_include_tax": false,
            "date_created": "2026-11-20T11:00:00", "date_created_gmt": "2026-11-20T10:00:00",
            "date_modified": "2026-11-21T10:00:00", "date_modified_gmt": modified,
            "date_paid_gmt": "2026-11-20T10:05:00", "date_completed_gmt": NSNull(),
            "discount_total": "0.00", "shipping_total": "5.00", "total_tax": "5.80", "total": "34.80",
            "customer_id": 31, "customer_note": "Leave at the door",
            "billing": ["first_name": "Jan", "last_name": "Nowak", "company": "", "address_1": "Długa 5", "address_2": "",
                        "city": "Gdańsk", "state": "", "postcode": "80-827", "country": "PL", "email": "jan@example.pl",
                        "phone": "+48 600 100 200"],
            "shipping": ["first_name": "Jan", "last_name": "Nowak", "company": "", "address_1": "Długa 5", "address_2": "",
                         "city": "Gdańsk", "state": "", "postcode": "80-827", "country": "PL"],
            "payment_method": "bacs", "payment_method_title": "Bank transfer", "created_via": "checkout",
            "line_items": [["id": 1, "name": "Cup", "sku": "CUP-8", "quantity": 3, "subtotal": "24.00", "subtotal_tax": "5.52",
                            "total": "24.00", "total_tax": "5.52", "price": 8]],
            "shipping_lines": [["id": 2, "method_title": "Flat rate", "total": "5.00", "total_tax": "0.28"]],
            "fee_lines": [], "coupon_lines": [], "refunds": [], "meta_data": [],
        ]
    }
}
