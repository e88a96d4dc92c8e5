import Foundation

/// A GraphQL Admin API order (as a bulk operation writes it) in the REST API's shape, so one
/// reader (`JSONOrderReader`) knows Shopify's orders. The one home of which GraphQL field is which
/// REST one. Every key goes from camelCase to snake_case (`createdAt` → `created_at`,
/// `totalPriceSet.shopMoney` → `total_price_set.shop_money`); a `…_set` money bag also gives
/// its shop amount under the plain name (`total_price`), as REST writes both; and these differ:
/// `displayFinancialStatus`/`displayFulfillmentStatus` are REST's `financial_status`/
/// `fulfillment_status` in lower case, `currencyCode` is `currency`, `legacyResourceId` (else
/// the global id's number) is `id`, `tags` is a list (REST: one comma-separated text),
/// `customAttributes` `{key, value}` are `note_attributes` `{name, value}`, a line's
/// `originalUnitPriceSet` is its `price` and `unfulfilledQuantity` its `fulfillable_quantity`,
/// `totalShippingPriceSet` (with `shippingLine.title`) is one shipping line, a refund's
/// `totalRefundedSet` is its refund transaction, `discountCodes` (codes) are `discount_codes`
/// objects, the highest `risk.assessments.riskLevel` is `risk_level`, and words (`RETURN`,
/// `SUCCESS`) are lower case.
package enum ShopifyGraphQLOrder {
    package static func restShaped(_ order: JSONValue) -> JSONValue {
        guard case .object(let members) = snakeCased(order) else { return order }
        var rest = members
        rest["id"] = members["legacy_resource_id"] ?? members["id"].flatMap(number)
        rest["currency"] = members["currency_code"]
        rest["presentment_currency"] = members["presentment_currency_code"]
        rest["financial_status"] = members["display_financial_status"].flatMap(lowercased)
        rest["fulfillment_status"] = members["display_fulfillment_status"].flatMap(lowercased)
        rest["cancel_reason"] = members["cancel_reason"].flatMap(lowercased)
        if case .array(let tags)? = members["tags"] {
            rest["tags"] = .string(tags.compactMap(\.text).joined(separator: ", "))
        }
        rest["note_attributes"] = members["custom_attributes"].map { attributes in
            .array(attributes.objectList.map { pair in .object(["name": pair["key"] ?? .null, "value": pair["value"] ?? .null]) })
        }
        // `discountCodes` is a list of codes (REST: `discount_codes: [{code, amount, type}]`).
        if case .array(let codes)? = members["discount_codes"], codes.allSatisfy({ if case .string = $0 { true } else { false } }) {
            rest["discount_codes"] = .array(codes.map { .object(["code": $0]) })
        }
        // `risk { assessments { riskLevel } }`: the highest level assessed (REST has no such field on the
        // order; the reader takes `risk_level`). NONE and PENDING say no level.
        let levels = (members["risk"]?["assessments"]?.objectList ?? []).compactMap { $0["risk_level"]?.text?.lowercased() }
        if let highest = ["high", "medium", "low"].first(where: levels.contains) { rest["risk_level"] = .string(highest) }
        rest["customer"] = members["customer"].map(withPlainID)
        for key in ["billing_address", "shipping_address"] {
            guard case .object(var address)? = members[key] else { continue }
            address["country_code"] = address["country_code_v2"] ?? address["country_code"]
            rest[key] = .object(address)
        }
        rest["line_items"] = .array((members["line_items"]?.objectList ?? []).map(lineItem))
        if let shipping = members["total_shipping_price_set"] {
            var line: [String: JSONValue] = ["price_set": shipping, "price": shipping["shop_money"]?["amount"] ?? .null]
            line["title"] = members["shipping_line"]?["title"]
            rest["shipping_lines"] = .array([.object(line)])
        }
        rest["fulfillments"] = members["fulfillments"].map { fulfillments in
            .array(fulfillments.objectList.map { fulfillment in
                guard case .object(var object) = fulfillment else { return fulfillment }
                object["status"] = object["status"].flatMap(lowercased)
                // `trackingInfo` was snake-cased with the rest; the reader knows GraphQL's name.
                object["trackingInfo"] = object["tracking_info"]
                return .object(object)
            })
        }
        rest["refunds"] = members["refunds"].map { refunds in .array(refunds.objectList.map(refund)) }
        return .object(rest)
    }

    private static func lineItem(_ line: JSONValue) -> JSONValue {
        guard case .object(var object) = line else { return line }
        object["id"] = object["id"].flatMap(number)
        object["price_set"] = object["original_unit_price_set"]
        object["price"] = object["original_unit_price"]
        object["fulfillable_quantity"] = object["unfulfilled_quantity"]
        return .object(object)
    }

    private static func refund(_ refund: JSONValue) -> JSONValue {
        guard case .object(var object) = refund else { return refund }
        if let amount = object["total_refunded"] {
            object["transactions"] = .array([.object(["kind": .string("refund"), "status": .string("success"), "amount": amount])])
        }
        object["refund_line_items"] = .array((object["refund_line_items"]?.objectList ?? []).map { entry in
            guard case .object(var line) = entry else { return entry }
            line["restock_type"] = line["restock_type"].flatMap(lowercased)
            line["line_item"] = line["line_item"].map(lineItem)
            return .object(line)
        })
        return .object(object)
    }

    /// Every key of every object in snake_case; a money bag `…_set` also under its plain name.
    static func snakeCased(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let values): return .array(values.map(snakeCased))
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, member) in members {
                let name = snakeCase(key)
                let converted = snakeCased(member)
                result[name] = converted
                if name.hasSuffix("_set"), let amount = converted["shop_money"]?["amount"], result[String(name.dropLast(4))] == nil {
                    result[String(name.dropLast(4))] = amount
                }
            }
            return .object(result)
        default: return value
        }
    }

    /// `displayFinancialStatus` → `display_financial_status`; `countryCodeV2` → `country_code_v2`;
    /// digits stay with their word (`address1`, as REST writes it).
    static func snakeCase(_ key: String) -> String {
        var result = ""
        for character in key {
            if character.isUppercase {
                if !result.isEmpty { result.append("_") }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A global id's number (`gid://shopify/Order/1001` → `1001`); other text as it is.
    private static func number(_ id: JSONValue) -> JSONValue? {
        guard let text = id.text else { return nil }
        guard text.hasPrefix("gid://"), let last = text.split(separator: "/").last else { return id }
        return .string(String(last.split(separator: "?").first ?? last))
    }

    private static func withPlainID(_ object: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return object }
        members["id"] = members["legacy_resource_id"] ?? members["id"].flatMap(number)
        return .object(members)
    }

    private static func lowercased(_ value: JSONValue) -> JSONValue? {
        value.text.map { .string($0.lowercased()) }
    }
}
