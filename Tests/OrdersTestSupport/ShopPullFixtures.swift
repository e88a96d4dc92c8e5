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

extension ShopPullFixtures {
    /// Shopify's #1100 (id 9001), larger than a page reads of an order (`ShopifyAdminAPI`: 20 lines,
    /// 3 refunds of 10 lines, 3 fulfilments of 3 tracking numbers), in every way at once:
    /// - 25 lines, PART-01 … PART-25, 2 of each at n.00 for PART-n: 2 × (1 + 2 + … + 25) = 2 × 325
    ///   = 650.00; shipping 10.00, no discount, taxes included: total 660.00. PART-01…12 are sent
    ///   (0 left to fulfil), PART-13…24 one of two (1 left), PART-25 none (2 left).
    /// - 5 refunds: 1 each of PART-01…12 returned (1 + 2 + … + 12 = 78.00; 12 lines), 1 PART-13
    ///   returned (13.00), 1 PART-14 not restocked (14.00), 5.00 for the late delivery (no lines),
    ///   both PART-25 cancelled before sending (2 × 25.00 = 50.00): 78 + 13 + 14 + 5 + 50 = 160.00.
    /// - 4 fulfilments, the second with 4 tracking numbers: CTT-A1; DHL-B1…B4; UPS-C1; GLS-D1.
    public static func shopifyOrderOfManyParts(updatedAt: String = "2026-11-21T11:00:00Z") -> [String: Any] {
        func part(_ n: Int) -> [String: Any] {
            let left = n <= 12 ? 0 : n <= 24 ? 1 : 2
            return ["id": "gid://shopify/LineItem/\(9000 + n)", "name": String(format: "Part %02d", n), "title": String(format: "Part %02d", n),
                    "sku": String(format: "PART-%02d", n), "quantity": 2, "currentQuantity": 2, "unfulfilledQuantity": left,
                    "requiresShipping": true, "taxable": true, "originalUnitPriceSet": money("\(n).00"), "discountedUnitPriceSet": money("\(n).00")]
        }
        func refund(_ id: Int, minute: Int, note: String, amount: String, lines: [(part: Int, quantity: Int, restock: String)]) -> [String: Any] {
            ["id": "gid://shopify/Refund/\(id)", "createdAt": String(format: "2026-11-21T10:%02d:00Z", minute), "note": note,
             "totalRefundedSet": money(amount),
             "refundLineItems": lines.map { line in
                 ["quantity": line.quantity, "restockType": line.restock, "restocked": line.restock != "NO_RESTOCK", "lineItem": part(line.part)]
             }]
        }
        func fulfillment(_ id: Int, _ company: String, _ numbers: [String]) -> [String: Any] {
            ["id": "gid://shopify/Fulfillment/\(id)", "status": "SUCCESS", "displayStatus": "FULFILLED", "createdAt": "2026-11-20T15:00:00Z",
             "trackingInfo": numbers.map { ["number": $0, "company": company, "url": "https://track.example/\($0)"] }]
        }
        var order = shopifyOrder(id: 9001, number: "#1100", updatedAt: updatedAt, financial: "PARTIALLY_REFUNDED", note: nil, tags: [])
        order["displayFulfillmentStatus"] = "PARTIALLY_FULFILLED"
        order["discountCodes"] = [String]()
        order["customAttributes"] = [[String: Any]]()
        order["risk"] = ["assessments": [["riskLevel": "LOW"]]]
        order["subtotalPriceSet"] = money("650.00")
        order["totalShippingPriceSet"] = money("10.00")
        order["totalDiscountsSet"] = money("0.00")
        // 660.00 × 23 / 123, Portugal's VAT included in the prices.
        order["totalTaxSet"] = money("123.41")
        order["totalPriceSet"] = money("660.00")
        order["totalRefundedSet"] = money("160.00")
        order["currentTotalPriceSet"] = money("500.00")
        order["lineItems"] = (1...25).map(part)
        order["refunds"] = [
            refund(9201, minute: 1, note: "twelve parts returned", amount: "78.00", lines: (1...12).map { ($0, 1, "RETURN") }),
            refund(9202, minute: 2, note: "part 13 returned", amount: "13.00", lines: [(13, 1, "RETURN")]),
            refund(9203, minute: 3, note: "part 14 kept by the customer", amount: "14.00", lines: [(14, 1, "NO_RESTOCK")]),
            refund(9204, minute: 4, note: "late delivery", amount: "5.00", lines: []),
            refund(9205, minute: 5, note: "part 25 cancelled", amount: "50.00", lines: [(25, 2, "CANCEL")]),
        ]
        order["fulfillments"] = [
            fulfillment(9101, "CTT", ["CTT-A1"]), fulfillment(9102, "DHL", ["DHL-B1", "DHL-B2", "DHL-B3", "DHL-B4"]),
            fulfillment(9103, "UPS", ["UPS-C1"]), fulfillment(9104, "GLS", ["GLS-D1"]),
        ]
        return order
    }
}

extension ShopPullFixtures {
    /// Shopify's #1001 not yet sent: 2 mugs and a gift wrap, every unit still to fulfil, paid.
    public static func unsentShopifyOrder(id: Int = 5001, number: String = "#1001") -> [String: Any] {
        var order = shopifyOrder(id: id, number: number, financial: "PAID")
        order["displayFulfillmentStatus"] = "UNFULFILLED"
        order["fulfillments"] = [[String: Any]]()
        order["refunds"] = [[String: Any]]()
        order["totalRefundedSet"] = money("0.00")
        order["currentTotalPriceSet"] = money("30.90")
        var lines = order["lineItems"] as? [[String: Any]] ?? []
        for index in lines.indices { lines[index]["unfulfilledQuantity"] = lines[index]["quantity"] }
        order["lineItems"] = lines
        return order
    }
}
