import Foundation
import OrdersCore

/// WooCommerce's order export CSV, in the layout of the common order export/import plugin. Facts
/// of the format it relies on: one row per order, every field quoted; `order_number` is what the
/// shop shows, `order_id` its internal id; `order_date` and `paid_date` have no zone (the shop's
/// local time, so the caller says which zone); `status` without the `wc-` prefix (pending,
/// processing, on-hold, completed, cancelled, refunded, failed, and plugins' own words); guests may
/// have only `billing_email`. Packed columns: each `line_item_N` is
/// `name:…|product_id:…|sku:…|quantity:…|total:…|sub_total:…|tax:…`; `refund_items` and
/// `coupon_items` hold entries like `amount:…|reason:…|date:…` separated by `;`; `order_notes`
/// holds staff notes separated by `||`.
enum WooCommerceCSVReader {
    static func orders(in records: [CSVRecord], file: String, zone: TimeZone) -> ShopFileContents {
        guard let header = records.first else { return ShopFileContents(orders: [], problems: []) }
        let columns = ShopFieldReader.columns(of: header.fields)
        let itemColumns = header.fields.filter { $0.hasPrefix("line_item_") }
        var orders: [ShopOrder] = []
        var problems: [ImportProblem] = []
        for record in records.dropFirst() {
            var fields = ShopFieldReader(file: file, record: record, columns: columns)
            let order = order(&fields, itemColumns: itemColumns, zone: zone)
            if fields.problems.isEmpty, let order { orders.append(order) } else { problems += fields.problems }
        }
        let ignored = header.fields.filter {
            let name = $0.trimmingCharacters(in: .whitespaces)
            return !columnsRead.contains(name) && !name.hasPrefix("line_item_")
        }
        return ShopFileContents(orders: orders, problems: problems, ignoredColumns: ignored)
    }

    private static func order(_ fields: inout ShopFieldReader, itemColumns: [String], zone: TimeZone) -> ShopOrder? {
        let number = fields.word("order_number") ?? fields.required("order_id")
        let created = fields.required("order_date").flatMap { fields.date($0, column: "order_date", zone: zone) }
        let currency = fields.required("order_currency")
        let total = fields.required("order_total").flatMap { fields.money($0, column: "order_total") }
        var items: [ShopLineItem] = []
        for column in itemColumns {
            guard let packed = fields.word(column) else { continue }
            if let item = lineItem(packed, column: column, &fields) { items.append(item) }
        }
        if items.isEmpty, fields.problems.isEmpty { fields.problem(nil, "order \(number ?? "") has no line item") }
        let refunds = fields.word("refund_items").map { refundEntries($0, zone: zone, &fields) } ?? []
        let subtotal = fields.money("order_subtotal"), shipping = fields.money("shipping_total")
        let tax = fields.money("tax_total"), discount = fields.money("discount_total") ?? fields.money("cart_discount")
        let fees = self.fees(&fields)
        guard let number, let created, let currency, let total else { return nil }
        let name = [fields.word("billing_first_name"), fields.word("billing_last_name")].compactMap { $0 }.joined(separator: " ")
        var order = ShopOrder(
            format: .wooCommerceCSV, location: fields.location, number: number, shopID: fields.word("order_id"),
            createdAt: created, paidAt: fields.date("paid_date", zone: zone), fulfilledAt: fields.date("completed_date", zone: zone),
            cancelledAt: nil, cancelReason: nil, currency: currency, paymentStatus: nil, fulfilmentStatus: nil,
            sourceStatus: fields.word("status").map(withoutPrefix),
            customerName: name.isEmpty ? nil : name,
            email: fields.word("customer_email") ?? fields.word("billing_email"), phone: fields.word("billing_phone"),
            customerKey: fields.word("customer_id").flatMap { $0 == "0" ? nil : $0 },
            billingAddress: address(fields, prefix: "billing"), shippingAddress: address(fields, prefix: "shipping"),
            subtotal: subtotal, shippingTotal: shipping, taxTotal: tax, discountTotal: discount, total: total,
            taxesIncluded: ShopTaxInference.taxesIncluded(subtotal: subtotal, discount: discount, shipping: shipping,
                                                          tax: tax, total: total, adjustments: fees),
            discountCodes: fields.word("coupon_items").map { entries($0).compactMap { $0["code"] } } ?? [],
            shippingMethod: fields.word("shipping_method"),
            paymentMethod: fields.word("payment_method_title") ?? fields.word("payment_method"),
            items: items, refunds: refunds, refundedAmount: nil, tags: [],
            customerNote: fields.text("customer_note"),
            staffNotes: fields.text("order_notes").map { $0.components(separatedBy: "||").filter { !$0.isEmpty } } ?? [],
            noteAttributes: [], riskLevel: nil, channel: nil, presentment: nil)
        order.adjustments = fees
        return order
    }

    /// The order's fee lines: `fee_items` entries `name:…|total:…|tax:…` (the total before the
    /// fee's tax, which `tax_total` holds), else one fee of `fee_total` when it is not zero.
    private static func fees(_ fields: inout ShopFieldReader) -> [OrderAdjustment] {
        guard let packed = fields.word("fee_items") else {
            guard let total = fields.money("fee_total"), total != 0 else { return [] }
            return [OrderAdjustment(kind: .fee, label: "Fees", amount: total)]
        }
        return entries(packed).compactMap { entry in
            guard let amount = entry["total"].flatMap({ fields.money($0, column: "fee_items") }) else {
                if entry["total"] == nil { fields.problem("fee_items", "a fee has no total:") }
                return nil
            }
            return OrderAdjustment(kind: .fee, label: entry["name"].flatMap { $0.isEmpty ? nil : $0 } ?? "Fee", amount: amount)
        }
    }

    /// Every column this reader takes besides `line_item_N` (keep in step with the reads below).
    static let columnsRead: Set<String> = {
        let people = ["first_name", "last_name", "company", "address_1", "address_2", "city", "postcode", "state", "country", "phone"]
        return Set(["order_id", "order_number", "order_date", "paid_date", "completed_date", "status", "order_currency",
                    "order_total", "order_subtotal", "shipping_total", "tax_total", "discount_total", "cart_discount",
                    "customer_email", "billing_email", "customer_id", "coupon_items", "refund_items", "shipping_method",
                    "payment_method_title", "payment_method", "customer_note", "order_notes", "fee_items", "fee_total"]
                   + people.map { "billing_\($0)" } + people.map { "shipping_\($0)" })
    }()

    /// `wc-on-hold` and `on-hold` are one status; the export usually writes the latter.
    private static func withoutPrefix(_ status: String) -> String {
        status.hasPrefix("wc-") ? String(status.dropFirst(3)) : status
    }

    private static func lineItem(_ packed: String, column: String, _ fields: inout ShopFieldReader) -> ShopLineItem? {
        let parts = pairs(packed)
        guard let name = parts["name"], !name.isEmpty else {
            fields.problem(column, "has no name: (expected name:…|sku:…|quantity:…|total:…)")
            return nil
        }
        guard let quantity = parts["quantity"].flatMap({ fields.count($0, column: column) }) else {
            if parts["quantity"] == nil { fields.problem(column, "has no quantity:") }
            return nil
        }
        // The line's `total` is after discounts and before tax; `sub_total` before discounts.
        // The unit price is the pre-discount one, so the order's discount is not counted twice.
        guard let lineTotal = (parts["sub_total"] ?? parts["total"]).flatMap({ fields.money($0, column: column) }) else {
            if parts["total"] == nil { fields.problem(column, "has no total:") }
            return nil
        }
        guard quantity > 0 else {
            fields.problem(column, "has quantity 0")
            return nil
        }
        let unitPrice = lineTotal / Decimal(quantity)
        let exact = unitPrice * Decimal(quantity) == lineTotal && PlainDecimal.parse("\(unitPrice)") != nil
        return ShopLineItem(location: fields.location, title: name, sku: parts["sku"] ?? "", quantity: quantity,
                            unitPrice: exact ? unitPrice : nil, lineTotal: lineTotal, fulfilledQuantity: nil,
                            requiresShipping: nil, taxable: nil)
    }

    private static func refundEntries(_ text: String, zone: TimeZone, _ fields: inout ShopFieldReader) -> [ShopRefund] {
        entries(text).compactMap { entry in
            guard let amount = entry["amount"].flatMap({ fields.money($0, column: "refund_items") }) else {
                if entry["amount"] == nil { fields.problem("refund_items", "a refund has no amount:") }
                return nil
            }
            let date = entry["date"].flatMap { fields.date($0, column: "refund_items", zone: zone) }
            return ShopRefund(amount: amount, reason: entry["reason"].flatMap { $0.isEmpty ? nil : $0 }, date: date,
                              lines: [], shipping: nil)
        }
    }

    /// `a:1|b:2;a:3` → [["a": "1", "b": "2"], ["a": "3"]].
    static func entries(_ text: String) -> [[String: String]] {
        text.split(separator: ";").map { pairs(String($0)) }.filter { !$0.isEmpty }
    }

    /// `name:Mug|sku:M-1` → ["name": "Mug", "sku": "M-1"]; a value may itself hold colons.
    static func pairs(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for part in text.split(separator: "|") {
            let keyValue = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard keyValue.count == 2 else { continue }
            let key = keyValue[0].trimmingSpaces
            if result[key] == nil { result[key] = keyValue[1].trimmingSpaces }
        }
        return result
    }

    private static func address(_ fields: ShopFieldReader, prefix: String) -> ShopAddress? {
        let name = [fields.word("\(prefix)_first_name"), fields.word("\(prefix)_last_name")].compactMap { $0 }.joined(separator: " ")
        return ShopAddress(name: name, company: fields.word("\(prefix)_company"),
                           lines: [fields.word("\(prefix)_address_1"), fields.word("\(prefix)_address_2")],
                           city: fields.word("\(prefix)_city"), postcode: fields.word("\(prefix)_postcode"),
                           region: fields.word("\(prefix)_state"), country: fields.word("\(prefix)_country"),
                           phone: fields.word("\(prefix)_phone"))
    }
}
