import Foundation
import OrdersCore

/// WooCommerce's REST API order JSON (`GET /wp-json/wc/v3/orders`): an array of orders, as one
/// page of the API's answer is, or one order. Facts of the format it relies on: `id` is the
/// shop's internal id and `number` what it shows (plugins renumber); money is written as strings
/// with the shop's decimals (`"24.98"`); a line's `subtotal` is before coupons and `total` after,
/// both without tax (their tax is `subtotal_tax`/`total_tax`), whatever `prices_include_tax` says,
/// while the order's `total` includes tax; `date_*_gmt` are UTC without an offset (`date_*` are
/// the site's local time); `status` is one word (pending, processing, on-hold, completed,
/// cancelled, refunded, failed, trash, or a plugin's); `refunds` are `{id, reason, total: "-10.00"}`;
/// `meta_data` keys starting with `_` are the shop's own and hidden from people.
///
/// `orders(in:file:firstIndex:zone:)` reads decoded order objects, so a live pull reads each page
/// of the API's answer with it, as a file of it is read here.
package enum WooCommerceJSONReader {
    /// The orders of a file: an array of orders (or `{"orders": [...]}`), or a single order.
    static func orders(in bytes: [UInt8], file: String, zone: TimeZone) throws(ImportError) -> ShopFileContents {
        let root = try ShopJSONDocument.decode(bytes, file: file)
        let objects: [JSONValue] = switch root {
        case .array: root.objects
        case .object where root["orders"] != nil: root["orders"]?.objects ?? []
        default: [root]
        }
        if objects.isEmpty {
            throw ImportError(problems: [ImportProblem(file: file, location: .file, field: nil, problem: "holds no orders")])
        }
        return orders(in: objects, file: file, zone: zone)
    }

    /// Decoded order objects, the first at `firstIndex` (a later page of the API goes on counting).
    /// `zone` is for an order that states only the site's local dates.
    package static func orders(in objects: [JSONValue], file: String, firstIndex: Int = 0, zone: TimeZone) -> ShopFileContents {
        ShopFileContents(reading: objects.enumerated().lazy.map { offset, object in
            WooCommerceJSONOrderReader(file: file, location: .index(firstIndex + offset), object: object, zone: zone)
        })
    }
}

/// One WooCommerce order object, read field by field; each problem names its path in Woo's own
/// field names (`line_items[0].quantity`).
struct WooCommerceJSONOrderReader: ShopOrderObjectReader {
    let file: String
    let location: RecordLocation
    let object: JSONValue
    let zone: TimeZone
    var problems: [ImportProblem] = []
    private var fields: ShopFieldReader

    init(file: String, location: RecordLocation, object: JSONValue, zone: TimeZone) {
        self.file = file
        self.location = location
        self.object = object
        self.zone = zone
        fields = ShopFieldReader(file: file, location: location, fields: [], columns: [:])
    }

    mutating func order() -> ShopOrder? {
        let number = object["number"]?.text ?? object["id"]?.text
        if number == nil { problem("number", "is missing (and so is id); every order needs its number") }
        let created = date("date_created")
        if created == nil, object["date_created_gmt"]?.text == nil, object["date_created"]?.text == nil {
            problem("date_created_gmt", "is missing")
        }
        let currency = object["currency"]?.text
        if currency == nil { problem("currency", "is missing") }
        let total = money(object, "total", path: "total")
        if object["total"]?.text == nil { problem("total", "is missing") }
        let lineObjects = object["line_items"]?.objects ?? []
        var items: [ShopLineItem] = []
        for (index, line) in lineObjects.enumerated() {
            if let item = lineItem(line, path: "line_items[\(index)]") { items.append(item) }
        }
        if lineObjects.isEmpty { problem("line_items", "is empty; an order needs at least one line item") }
        let shipping = sum("shipping_lines", "total"), discount = money(object, "discount_total", path: "discount_total")
        let tax = money(object, "total_tax", path: "total_tax")
        let fees: [OrderAdjustment] = (object["fee_lines"]?.objects ?? []).enumerated().compactMap { index, fee in
            guard let amount = money(fee, "total", path: "fee_lines[\(index)].total"), amount != 0 else { return nil }
            return OrderAdjustment(kind: .fee, label: fee["name"]?.text ?? "Fee", amount: amount)
        }
        let refunds: [ShopRefund] = (object["refunds"]?.objects ?? []).enumerated().compactMap { index, refund in
            // The API writes what went back as a negative total.
            guard let amount = money(refund, "total", path: "refunds[\(index)].total") else { return nil }
            return ShopRefund(amount: amount.magnitude, reason: refund["reason"]?.text, date: nil, lines: [], shipping: nil,
                              shopID: refund["id"]?.text)
        }
        problems += fields.problems
        guard let number, let created, let currency, let total else { return nil }
        let billing = object["billing"], shippingAddress = object["shipping"]
        let name = [billing?["first_name"]?.text, billing?["last_name"]?.text].compactMap { $0 }.joined(separator: " ")
        let subtotal = items.reduce(Decimal(0)) { $0 + $1.lineTotal }
        var order = ShopOrder(
            format: .wooCommerceJSON, location: location, number: number, shopID: object["id"]?.text,
            createdAt: created, paidAt: date("date_paid"), fulfilledAt: date("date_completed"),
            cancelledAt: nil, cancelReason: nil, currency: currency, paymentStatus: nil, fulfilmentStatus: nil,
            sourceStatus: object["status"]?.text, customerName: name.isEmpty ? nil : name,
            email: billing?["email"]?.text, phone: billing?["phone"]?.text,
            customerKey: object["customer_id"]?.text.flatMap { $0 == "0" ? nil : $0 },
            billingAddress: address(billing), shippingAddress: address(shippingAddress),
            subtotal: subtotal, shippingTotal: shipping, taxTotal: tax, discountTotal: discount, total: total,
            // Line amounts are without tax whatever `prices_include_tax` says: the figures tell.
            taxesIncluded: ShopTaxInference.taxesIncluded(subtotal: subtotal, discount: discount, shipping: shipping,
                                                          tax: tax, total: total, adjustments: fees),
            discountCodes: (object["coupon_lines"]?.objects ?? []).compactMap { $0["code"]?.text },
            shippingMethod: object["shipping_lines"]?.objects.first?["method_title"]?.text,
            paymentMethod: object["payment_method_title"]?.text ?? object["payment_method"]?.text,
            items: items, refunds: refunds, refundedAmount: nil, tags: [],
            customerNote: object["customer_note"]?.text, staffNotes: [],
            noteAttributes: metaData(), riskLevel: nil, channel: object["created_via"]?.text, presentment: nil)
        order.adjustments = fees
        return order
    }

    private mutating func lineItem(_ line: JSONValue, path: String) -> ShopLineItem? {
        guard let title = line["name"]?.text else {
            problem("\(path).name", "is missing")
            return nil
        }
        guard let written = line["quantity"]?.text else {
            problem("\(path).quantity", "is missing")
            return nil
        }
        guard let quantity = fields.count(written, column: "\(path).quantity") else { return nil }
        guard quantity > 0 else {
            problem("\(path).quantity", "is 0; a line item needs at least 1")
            return nil
        }
        // `subtotal` is before coupons: the order's discount is taken off once, as the shop does.
        let key = line["subtotal"]?.text != nil ? "subtotal" : "total"
        guard let lineTotal = money(line, key, path: "\(path).\(key)") else {
            if line[key]?.text == nil { problem("\(path).total", "is missing") }
            return nil
        }
        let unitPrice = lineTotal / Decimal(quantity)
        let exact = unitPrice * Decimal(quantity) == lineTotal && PlainDecimal.parse("\(unitPrice)") != nil
        return ShopLineItem(location: location, title: title, sku: line["sku"]?.text ?? "", quantity: quantity,
                            unitPrice: exact ? unitPrice : nil, lineTotal: lineTotal, fulfilledQuantity: nil,
                            requiresShipping: nil, taxable: nil)
    }

    /// The sum of one money field over a list's objects (the shipping lines' totals); nil without any.
    private mutating func sum(_ list: String, _ key: String) -> Decimal? {
        let objects = object[list]?.objects ?? []
        guard !objects.isEmpty else { return nil }
        return objects.enumerated().reduce(Decimal(0)) { sum, pair in
            sum + (money(pair.element, key, path: "\(list)[\(pair.offset)].\(key)") ?? 0)
        }
    }

    /// The order's `meta_data` people may see: keys not starting with `_`, values that are text or numbers.
    private func metaData() -> [ShopNoteAttribute] {
        (object["meta_data"]?.objects ?? []).compactMap { entry in
            guard let key = entry["key"]?.text, !key.hasPrefix("_"), let value = entry["value"]?.text else { return nil }
            return ShopNoteAttribute(key: key, value: value)
        }
    }

    private func address(_ value: JSONValue?) -> ShopAddress? {
        guard let address = value, case .object = address else { return nil }
        let name = [address["first_name"]?.text, address["last_name"]?.text].compactMap { $0 }.joined(separator: " ")
        return ShopAddress(name: name, company: address["company"]?.text,
                           lines: [address["address_1"]?.text, address["address_2"]?.text], city: address["city"]?.text,
                           postcode: address["postcode"]?.text, region: address["state"]?.text,
                           country: address["country"]?.text, phone: address["phone"]?.text)
    }

    /// Money as the API writes it: a decimal string. A JSON number is refused: it may have lost digits.
    private mutating func money(_ object: JSONValue, _ key: String, path: String) -> Decimal? {
        switch object[key] {
        case .string(let string)? where !string.isEmpty: return fields.money(string, column: path)
        case nil, .null?, .string?: return nil
        default:
            problem(path, "is not a string; the API writes money as a string like \"24.98\"")
            return nil
        }
    }

    /// `key_gmt` (UTC, written without an offset), else `key` in the site's zone.
    private mutating func date(_ key: String) -> Date? {
        if let written = object["\(key)_gmt"]?.text {
            return fields.date(written, column: "\(key)_gmt", zone: TimeZone(identifier: "UTC"))
        }
        return object[key]?.text.flatMap { fields.date($0, column: key, zone: zone) }
    }

    private mutating func problem(_ field: String, _ text: String) {
        problems.append(ImportProblem(file: file, location: location, field: field, problem: text))
    }
}
