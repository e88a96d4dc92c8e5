import Foundation
import OrdersCore

/// Shopify's Admin API order JSON: one order object, an array of them, or `{"orders": [...]}`.
/// Facts of the format it relies on: money is written as strings (`"403.70"`); `*_set` objects
/// hold `shop_money` and `presentment_money` (`{"amount", "currency_code"}`); `name` is the
/// number the shop shows (`#1001`) and `id` its internal id; `financial_status`,
/// `fulfillment_status` (null when unfulfilled); refunds hold `refund_line_items` (quantity and the
/// `line_item`), `transactions` (the money moved) and `order_adjustments` (shipping refunded);
/// `tags` is one comma-separated string; `note_attributes` are `{"name", "value"}` pairs.
enum ShopifyJSONReader {
    /// Throws when the file as a whole cannot be read (not UTF-8, not JSON, no orders); an order's
    /// own problems are listed beside the orders that have none.
    static func orders(in bytes: [UInt8], file: String) throws(ImportError) -> ShopFileContents {
        func fail(_ location: RecordLocation, _ problem: String) -> ImportError {
            ImportError(problems: [ImportProblem(file: file, location: location, field: nil, problem: problem)])
        }
        let root = try ShopJSONDocument.decode(bytes, file: file)
        let objects: [JSONValue] = switch root {
        case .array: root.objects
        case .object where root["orders"] != nil: root["orders"]?.objects ?? []
        case .object where root["order"] != nil: [root["order"] ?? .null]
        default: [root]
        }
        if objects.isEmpty { throw fail(.file, "holds no orders") }
        return ShopFileContents(reading: objects.enumerated().lazy.map { index, object in
            JSONOrderReader(file: file, location: .index(index), object: object)
        })
    }
}

/// One order object of the Admin API, read field by field with each problem at its path.
package struct JSONOrderReader: ShopOrderObjectReader {
    let file: String
    let location: RecordLocation
    let object: JSONValue
    /// The file's format: the Admin API's JSON, or a bulk operation's lines (`ShopifyBulkJSONLReader`).
    let format: ShopFormat
    package var problems: [ImportProblem] = []
    private var fields: ShopFieldReader
    /// The customer's currency when the order is read in it (`ShopifyJSONReader+Presentment.swift`):
    /// every amount then comes from its `*_set.presentment_money`; nil to read the shop's money.
    private(set) var presentmentCurrency: String?

    package init(file: String, location: RecordLocation, object: JSONValue, format: ShopFormat = .shopifyJSON) {
        self.file = file
        self.location = location
        self.object = object
        self.format = format
        fields = ShopFieldReader(file: file, location: location, fields: [], columns: [:])
    }

    package mutating func order() -> ShopOrder? {
        let number = text(object, "name") ?? text(object, "order_number")
        if number == nil { problem("name", "is missing; every order needs its number") }
        let created = date(object, "created_at", path: "created_at")
        if text(object, "created_at") == nil { problem("created_at", "is missing") }
        let shopCurrency = text(object, "currency")
        if shopCurrency == nil { problem("currency", "is missing") }
        presentmentCurrency = shopCurrency.flatMap(customersOwnCurrency)
        let currency = presentmentCurrency ?? shopCurrency
        let total = money(object, "total_price", path: "total_price")
        if text(object, "total_price") == nil { problem("total_price", "is missing") }
        let lineObjects = object["line_items"]?.objects ?? []
        let cancelled = Self.unitsCancelledBeforeSending(object["refunds"]?.objects ?? [])
        var items: [ShopLineItem] = []
        for (index, line) in lineObjects.enumerated() {
            if let item = lineItem(line, path: "line_items[\(index)]", cancelled: text(line, "id").flatMap { cancelled[$0] } ?? 0) {
                items.append(item)
            }
        }
        if lineObjects.isEmpty { problem("line_items", "is empty; an order needs at least one line item") }
        let refunds = (object["refunds"]?.objects ?? []).enumerated().compactMap { index, refund in
            self.refund(refund, lines: lineObjects, path: "refunds[\(index)]")
        }
        problems += fields.problems
        guard let number, let created, let currency, let total else { return nil }
        let customer = object["customer"]
        let customerName = [customer.flatMap { text($0, "first_name") }, customer.flatMap { text($0, "last_name") }]
            .compactMap { $0 }.joined(separator: " ")
        let presentmentTotal = object["total_price_set"]?["presentment_money"]
        let presentment = presentmentTotal.flatMap { money -> ShopMoney? in
            guard presentmentCurrency == nil, let code = text(money, "currency_code"), code != currency,
                  let amount = self.money(money, "amount", path: "total_price_set.presentment_money.amount") else { return nil }
            return ShopMoney(amount: amount, currency: code)
        }
        let shipping = (object["shipping_lines"]?.objects ?? []).enumerated().reduce(Decimal(0)) { sum, pair in
            sum + (money(pair.element, "price", path: "shipping_lines[\(pair.offset)].price") ?? 0)
        }
        var order = ShopOrder(
            format: format, location: location, number: number, shopID: text(object, "id"),
            createdAt: created, paidAt: date(object, "processed_at", path: "processed_at").flatMap { paid in
                ["paid", "partially_refunded", "refunded", "partially_paid"].contains(text(object, "financial_status") ?? "") ? paid : nil
            },
            fulfilledAt: nil, cancelledAt: date(object, "cancelled_at", path: "cancelled_at"),
            cancelReason: text(object, "cancel_reason"), currency: currency,
            paymentStatus: text(object, "financial_status"), fulfilmentStatus: text(object, "fulfillment_status"),
            sourceStatus: nil, customerName: customerName.isEmpty ? nil : customerName,
            email: text(object, "email") ?? customer.flatMap { text($0, "email") },
            phone: text(object, "phone") ?? customer.flatMap { text($0, "phone") },
            customerKey: customer.flatMap { text($0, "id") },
            billingAddress: address(object["billing_address"]), shippingAddress: address(object["shipping_address"]),
            subtotal: money(object, "subtotal_price", path: "subtotal_price"), shippingTotal: shipping,
            taxTotal: money(object, "total_tax", path: "total_tax"),
            discountTotal: money(object, "total_discounts", path: "total_discounts"), total: total,
            taxesIncluded: object["taxes_included"]?.bool,
            discountCodes: (object["discount_codes"]?.objects ?? []).compactMap { text($0, "code") },
            shippingMethod: object["shipping_lines"]?.objects.first.flatMap { text($0, "title") },
            paymentMethod: { if case .array(let names)? = object["payment_gateway_names"] { names.first?.text } else { nil } }(),
            items: items, refunds: refunds, refundedAmount: nil,
            tags: text(object, "tags").map(ShopifyCSVReader.splitList) ?? [],
            customerNote: text(object, "note"), staffNotes: [],
            noteAttributes: (object["note_attributes"]?.objects ?? []).compactMap { pair in
                text(pair, "name").map { ShopNoteAttribute(key: $0, value: text(pair, "value") ?? "") }
            },
            riskLevel: text(object, "risk_level"), channel: text(object, "source_name"), presentment: presentment)
        order.adjustments = adjustments()
        order.tracking = tracking()
        if presentmentCurrency != nil, let shopCurrency, let shopTotal = object["total_price_set"]?["shop_money"]
            .flatMap({ self.shopMoney($0, "amount", path: "total_price_set.shop_money.amount") }) {
            order.shopMoney = ShopMoney(amount: shopTotal, currency: shopCurrency)
        }
        return order
    }

    /// Duties and additional fees (API 2023-04: extra costs of an international package that are
    /// neither duties nor taxes), as charged at checkout (`original_…`, else `current_…`), in the
    /// shop's money: `total_price` includes them. Refunds of them are in the refund records.
    private mutating func adjustments() -> [OrderAdjustment] {
        let kinds: [(OrderAdjustment.Kind, String, String)] = [(.duty, "duties", "Duties"), (.fee, "additional_fees", "Additional fees")]
        return kinds.compactMap { kind, name, label in
            let key = object["original_total_\(name)_set"] != nil ? "original_total_\(name)_set" : "current_total_\(name)_set"
            let side = presentmentCurrency == nil ? "shop_money" : "presentment_money"
            guard let money = object[key]?[side],
                  let amount = shopMoney(money, "amount", path: "\(key).\(side).amount"), amount != 0 else { return nil }
            return OrderAdjustment(kind: kind, label: label, amount: amount)
        }
    }

    /// The tracking of the order's fulfillments, except those cancelled or failed. The REST API
    /// writes `tracking_numbers` and `tracking_urls` side by side (older answers one
    /// `tracking_number` and `tracking_url`) with one `tracking_company` for all; GraphQL writes
    /// `trackingInfo: [{number, company, url}]`. A number given twice is kept once.
    private func tracking() -> [ShopTracking] {
        var tracking: [ShopTracking] = []
        let fulfillments = (object["fulfillments"]?.objects ?? []).filter { fulfillment in
            !["cancelled", "error", "failure"].contains(text(fulfillment, "status")?.lowercased() ?? "")
        }
        for fulfillment in fulfillments {
            if case .array(let infos)? = fulfillment["trackingInfo"] {
                for info in infos {
                    guard let number = text(info, "number") else { continue }
                    tracking.append(ShopTracking(number: number, company: text(info, "company"), url: text(info, "url")))
                }
                continue
            }
            func list(_ many: String, _ one: String) -> [String] {
                if case .array(let values)? = fulfillment[many] { return values.compactMap(\.text) }
                return text(fulfillment, one).map { [$0] } ?? []
            }
            let urls = list("tracking_urls", "tracking_url")
            for (index, number) in list("tracking_numbers", "tracking_number").enumerated() {
                tracking.append(ShopTracking(number: number, company: text(fulfillment, "tracking_company"),
                                             url: urls.indices.contains(index) ? urls[index] : nil))
            }
        }
        var seen: Set<String> = []
        return tracking.filter { seen.insert($0.number).inserted }
    }

    /// The units of each line (by the line's id) its refunds took back before they were sent: refund
    /// lines restocked as `cancel` (documented: used when restocking unfulfilled items).
    static func unitsCancelledBeforeSending(_ refunds: [JSONValue]) -> [String: Int] {
        var units: [String: Int] = [:]
        for refund in refunds {
            for entry in refund["refund_line_items"]?.objects ?? []
            where (entry["restock_type"] ?? entry["restockType"])?.text?.lowercased() == "cancel" {
                guard let id = (entry["line_item_id"] ?? entry["line_item"]?["id"])?.text, let quantity = entry["quantity"]?.text.flatMap({ Int($0) })
                else { continue }
                units[id, default: 0] += max(quantity, 0)
            }
        }
        return units
    }

    /// `cancelled`: the line's units refunded before they were sent, which the shop no longer counts as
    /// to fulfil (`fulfillable_quantity`, GraphQL's `unfulfilledQuantity`) and which were never sent either.
    private mutating func lineItem(_ line: JSONValue, path: String, cancelled: Int) -> ShopLineItem? {
        guard let title = text(line, "name") ?? text(line, "title") else {
            problem("\(path).title", "is missing")
            return nil
        }
        guard let quantityText = text(line, "quantity"),
              let quantity = fields.count(quantityText, column: "\(path).quantity") else {
            if text(line, "quantity") == nil { problem("\(path).quantity", "is missing") }
            return nil
        }
        guard let price = money(line, "price", path: "\(path).price") else {
            if text(line, "price") == nil { problem("\(path).price", "is missing") }
            return nil
        }
        let lineTotal = price * Decimal(quantity)
        guard MoneyLimits.isWithinRange(lineTotal) else {
            problem("\(path).price", "the line total " + MoneyLimits.tooLarge(lineTotal))
            return nil
        }
        // What is still to fulfil, kept within 0…quantity whatever the file says.
        let fulfillable = text(line, "fulfillable_quantity").flatMap { Int($0) }.map { min(max($0, 0), quantity) }
        let notToSend = min(cancelled, quantity)
        let fulfilled = text(line, "fulfillment_status") == "fulfilled" ? quantity - notToSend
            : fulfillable.map { max(quantity - $0 - notToSend, 0) }
        return ShopLineItem(location: location, title: title, sku: text(line, "sku") ?? "", quantity: quantity,
                            unitPrice: price, lineTotal: lineTotal, fulfilledQuantity: fulfilled,
                            requiresShipping: line["requires_shipping"]?.bool, taxable: line["taxable"]?.bool)
    }

    private mutating func refund(_ refund: JSONValue, lines: [JSONValue], path: String) -> ShopRefund? {
        let transactions = refund["transactions"]?.objects ?? []
        var amount = Decimal(0)
        for (index, transaction) in transactions.enumerated()
        where text(transaction, "kind") == "refund" && (text(transaction, "status") ?? "success") == "success" {
            amount += money(transaction, "amount", path: "\(path).transactions[\(index)].amount") ?? 0
        }
        guard MoneyLimits.isWithinRange(amount) else {
            problem("\(path).transactions", "the refunded amount " + MoneyLimits.tooLarge(amount))
            return nil
        }
        let refundLines: [ShopRefundLine] = (refund["refund_line_items"]?.objects ?? []).compactMap { entry in
            let line = entry["line_item"]
                ?? lines.first { text($0, "id") != nil && text($0, "id") == text(entry, "line_item_id") }
            guard let written = text(entry, "quantity"), let quantity = fields.count(written, column: "\(path).refund_line_items.quantity")
            else { return nil }
            return ShopRefundLine(sku: line.flatMap { text($0, "sku") } ?? "",
                                  title: line.flatMap { text($0, "name") ?? text($0, "title") } ?? "", quantity: quantity)
        }
        let shippingRefunded = (refund["order_adjustments"]?.objects ?? [])
            .filter { text($0, "kind") == "shipping_refund" }
            .compactMap { money($0, "amount", path: "\(path).order_adjustments.amount") }
            .reduce(Decimal(0)) { $0 + $1.magnitude }
        return ShopRefund(amount: amount, reason: text(refund, "note"), date: date(refund, "created_at", path: "\(path).created_at"),
                          lines: refundLines, shipping: shippingRefunded == 0 ? nil : shippingRefunded,
                          restock: (refund["refund_line_items"]?.objects ?? []).contains(where: Self.isRestocked),
                          shopID: text(refund, "id"))
    }

    /// Whether a refund line put its goods back into stock. The API says it with `restock_type`:
    /// `return` (sent goods came back), `cancel` (unsent goods released), `legacy_restock` (older
    /// refunds, either), `no_restock` (GraphQL: `restockType`, the same words in capitals);
    /// refunds from before that field say `restock: true` (GraphQL: `restocked`).
    static func isRestocked(_ line: JSONValue) -> Bool {
        if let type = (line["restock_type"] ?? line["restockType"])?.text?.lowercased() {
            return ["return", "cancel", "legacy_restock"].contains(type)
        }
        return line["restock"]?.bool ?? line["restocked"]?.bool ?? false
    }

    private func address(_ value: JSONValue?) -> ShopAddress? {
        guard let address = value, case .object = address else { return nil }
        let name = text(address, "name")
            ?? [text(address, "first_name"), text(address, "last_name")].compactMap { $0 }.joined(separator: " ")
        return ShopAddress(name: name, company: text(address, "company"),
                           lines: [text(address, "address1"), text(address, "address2")], city: text(address, "city"),
                           postcode: text(address, "zip"), region: text(address, "province"),
                           country: text(address, "country_code") ?? text(address, "country"), phone: text(address, "phone"))
    }

    /// A field as text: strings as written, numbers in their plain digits (ids, quantities), nil for null.
    private func text(_ object: JSONValue, _ key: String) -> String? {
        object[key]?.text
    }

    /// Money as the API writes it: a decimal string. A JSON number is refused: it may have lost digits.
    /// When the order is read in the customer's currency, `key`'s `key_set.presentment_money` amount.
    private mutating func money(_ object: JSONValue, _ key: String, path: String) -> Decimal? {
        if presentmentCurrency != nil, let set = object["\(key)_set"]?["presentment_money"] {
            return shopMoney(set, "amount", path: "\(path)_set.presentment_money.amount")
        }
        return shopMoney(object, key, path: path)
    }

    /// The amount written at `key` itself, whichever currency the order is read in.
    private mutating func shopMoney(_ object: JSONValue, _ key: String, path: String) -> Decimal? {
        switch object[key] {
        case .string(let string)?: return fields.money(string, column: path)
        case nil, .null?: return nil
        default:
            problem(path, "is not a string; the API writes money as a string like \"403.70\"")
            return nil
        }
    }

    private mutating func date(_ object: JSONValue, _ key: String, path: String) -> Date? {
        guard let written = text(object, key) else { return nil }
        return fields.date(written, column: path, zone: nil)
    }

    private mutating func problem(_ field: String, _ text: String) {
        problems.append(ImportProblem(file: file, location: location, field: field, problem: text))
    }
}
