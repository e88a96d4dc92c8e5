import Foundation
import OrdersCore

/// Reads one order's rows of a mapped CSV (`MappedCSVReader`) field by field, through the mapping's
/// columns, its date format and its decimal separator; each problem names the export's own column.
struct MappedRowReader {
    let mapping: CSVMapping
    /// The zone of dates written without one: the mapping's, else `--tz`'s.
    let zone: TimeZone

    func order(rows: [ShopFieldReader]) -> Result<ShopOrder, ImportError> {
        var head = rows[0]
        let number = required(.number, &head)
        let created = required(.createdAt, &head).flatMap { date($0, .createdAt, &head) }
        let currency = required(.currency, &head)
        if let currency, Currency.named(currency) == nil {
            head.problem(mapping.columns[.currency], "\"\(currency)\" is not an ISO 4217 currency code")
        }
        let statedTotal = required(.total, &head).flatMap { _ in money(.total, &head) }
        var items: [ShopLineItem] = []
        var cancelledLines: [ShopNoteAttribute] = []
        var lineProblems: [ImportProblem] = []
        // A line's own shipping, tax and discount, added up for the order when no order column gives them.
        var lineShipping: Decimal?, lineTax: Decimal?, lineDiscount: Decimal?
        for row in rows {
            var line = row
            switch lineItem(&line) {
            case .item(let item)?:
                items.append(item)
                if let amount = money(.itemShipping, &line) { lineShipping = (lineShipping ?? 0) + amount }
                if let amount = money(.itemTax, &line) { lineTax = (lineTax ?? 0) + amount }
                if let amount = money(.itemDiscount, &line) { lineDiscount = (lineDiscount ?? 0) + amount }
            case .cancelled(let title, let sku)?:
                cancelledLines.append(ShopNoteAttribute(key: "cancelled line", value: sku.map { "\(title) (\($0))" } ?? title))
            case nil: break
            }
            lineProblems += line.problems
        }
        let statusWord = word(.status, head)
        let subtotal = money(.subtotal, &head) ?? items.reduce(Decimal(0)) { $0 + $1.lineTotal }
        let shipping = money(.shippingTotal, &head) ?? lineShipping, tax = money(.taxTotal, &head) ?? lineTax
        let discount = money(.discountTotal, &head) ?? lineDiscount
        let adjustments = [(OrderAdjustment.Kind.fee, CSVMappingField.fees, "Fees"), (.duty, .duties, "Duties")]
            .compactMap { kind, field, label in
                money(field, &head).flatMap { $0 == 0 ? nil : OrderAdjustment(kind: kind, label: label, amount: $0) }
            }
        // Without a total column the total is the order's parts (tax on top unless the mapping says included).
        let taxesIncluded = mapping.taxesIncluded
            ?? ShopTaxInference.taxesIncluded(subtotal: subtotal, discount: discount, shipping: shipping, tax: tax,
                                              total: statedTotal, adjustments: adjustments)
        let total = statedTotal ?? subtotal - (discount ?? 0) + (shipping ?? 0) + (taxesIncluded == true ? 0 : tax ?? 0)
            + adjustments.reduce(Decimal(0)) { $0 + $1.amount }
        var order = ShopOrder(
            format: .mappedCSV, location: head.location, number: number ?? "", shopID: word(.shopID, head),
            createdAt: created ?? .distantPast, paidAt: date(.paidAt, &head), fulfilledAt: date(.fulfilledAt, &head),
            cancelledAt: date(.cancelledAt, &head), cancelReason: word(.cancelReason, head), currency: currency ?? "",
            paymentStatus: nil, fulfilmentStatus: nil, sourceStatus: statusWord,
            customerName: word(.customerName, head), email: word(.email, head), phone: word(.phone, head),
            customerKey: word(.customerKey, head),
            billingAddress: address(head, [.billingName, .billingCompany, .billingAddress1, .billingAddress2, .billingCity,
                                           .billingPostcode, .billingRegion, .billingCountry, .billingPhone]),
            shippingAddress: address(head, [.shippingName, .shippingCompany, .shippingAddress1, .shippingAddress2, .shippingCity,
                                            .shippingPostcode, .shippingRegion, .shippingCountry, .shippingPhone]),
            subtotal: subtotal, shippingTotal: shipping, taxTotal: tax, discountTotal: discount, total: total,
            taxesIncluded: taxesIncluded,
            discountCodes: word(.discountCodes, head).map(ShopifyCSVReader.splitList) ?? [],
            shippingMethod: word(.shippingMethod, head), paymentMethod: word(.paymentMethod, head),
            items: items, refunds: [], refundedAmount: money(.refundedAmount, &head),
            tags: word(.tags, head).map(ShopifyCSVReader.splitList) ?? [],
            customerNote: text(.customerNote, head), staffNotes: text(.staffNote, head).map { [$0] } ?? [],
            noteAttributes: cancelledLines, riskLevel: nil, channel: nil, presentment: nil)
        order.totalIsStated = statedTotal != nil
        order.mappedStatuses = mapping.columns[.status] == nil ? Self.statuses(paid: order.paidAt, fulfilled: order.fulfilledAt)
                                                              : mapping.statuses(for: statusWord)
        order.adjustments = adjustments
        let problems = head.problems + lineProblems
        if items.isEmpty, cancelledLines.isEmpty, problems.isEmpty {
            return .failure(ImportError(problems: [ImportProblem(file: head.file, location: head.location, field: mapping.columns[.itemTitle],
                                                                 problem: "order \(number ?? "") has no line item")]))
        }
        return problems.isEmpty ? .success(order) : .failure(ImportError(problems: problems))
    }

    /// The statuses of an export without a status column (Etsy's items): its dates tell them,
    /// paid when it states when it was paid, fulfilled when it states when it was sent.
    static func statuses(paid: Date?, fulfilled: Date?) -> ShopStatusWords {
        ShopStatusWords(payment: paid == nil ? .pending : .paid, fulfillment: fulfilled == nil ? .unfulfilled : .fulfilled,
                        isClosed: false, isCancelled: false, sourceStatus: nil)
    }

    /// A row's line: an item, or a cancelled line (quantity 0 and no price, as Amazon writes the
    /// lines of a cancellation), which is no line item (an order's lines have at least one unit) and
    /// is kept as the order's note attribute `cancelled line`.
    enum Line {
        case item(ShopLineItem)
        case cancelled(title: String, sku: String?)
    }

    private func lineItem(_ line: inout ShopFieldReader) -> Line? {
        guard let title = required(.itemTitle, &line),
              let quantity = required(.itemQuantity, &line).flatMap({ line.count($0, column: mapping.columns[.itemQuantity] ?? "") })
        else { return nil }
        if quantity == 0, word(.itemUnitPrice, line) == nil, word(.itemLineTotal, line) == nil {
            return .cancelled(title: title, sku: word(.itemSKU, line))
        }
        let unitPrice = money(.itemUnitPrice, &line), stated = money(.itemLineTotal, &line)
        guard line.problems.isEmpty else { return nil }
        guard quantity > 0 else {
            line.problem(mapping.columns[.itemQuantity], "is 0 with a price; a line item needs at least 1 (a cancelled line has no price)")
            return nil
        }
        let priceColumn = mapping.columns[.itemUnitPrice] ?? mapping.columns[.itemLineTotal]
        let price: Decimal?, lineTotal: Decimal
        if let unitPrice {
            (price, lineTotal) = (unitPrice, unitPrice * Decimal(quantity))
        } else if let stated {
            // Only the line's total is given: it is the truth; a price per unit that does not come
            // out exact is derived from it (`LineItem+StatedTotal.swift`).
            let perUnit = stated / Decimal(quantity)
            let exact = perUnit * Decimal(quantity) == stated && PlainDecimal.parse("\(perUnit)") != nil
            (price, lineTotal) = (exact ? perUnit : nil, stated)
        } else {
            line.problem(priceColumn, "is empty; every line item needs its price")
            return nil
        }
        guard MoneyLimits.isWithinRange(lineTotal) else {
            line.problem(priceColumn, "the line total " + MoneyLimits.tooLarge(lineTotal))
            return nil
        }
        return .item(ShopLineItem(location: line.location, title: title, sku: word(.itemSKU, line) ?? "", quantity: quantity,
                                  unitPrice: price, lineTotal: lineTotal, fulfilledQuantity: nil, requiresShipping: nil, taxable: nil))
    }

    private func word(_ field: CSVMappingField, _ fields: ShopFieldReader) -> String? {
        mapping.columns[field].flatMap { fields.word($0) }
    }

    /// The column's text as written, line breaks kept (notes).
    private func text(_ field: CSVMappingField, _ fields: ShopFieldReader) -> String? {
        mapping.columns[field].flatMap { fields.text($0) }
    }

    private func required(_ field: CSVMappingField, _ fields: inout ShopFieldReader) -> String? {
        guard let column = mapping.columns[field] else { return nil }
        return fields.required(column)
    }

    /// A field's amount: its column's, plus those of the further columns the mapping adds to it;
    /// nil when every one of them is empty.
    private func money(_ field: CSVMappingField, _ fields: inout ShopFieldReader) -> Decimal? {
        guard let column = mapping.columns[field] else { return nil }
        var sum = money(column, &fields)
        for added in mapping.addedColumns[field] ?? [] {
            if let amount = money(added, &fields) { sum = (sum ?? 0) + amount }
        }
        guard let sum, MoneyLimits.isWithinRange(sum) else {
            if let sum { fields.problem(column, MoneyLimits.tooLarge(sum)) }
            return nil
        }
        return sum
    }

    /// An amount as the export writes it: its grouping removed and its decimal separator made a point,
    /// then read as exactly as every other shop amount.
    private func money(_ column: String, _ fields: inout ShopFieldReader) -> Decimal? {
        guard let written = fields.word(column) else { return nil }
        var plain = written
        if let grouping = mapping.thousandsSeparator {
            // Grouped digits come in threes after the first group, so `10.00` with a `.` grouping is
            // refused, not read as 1000.
            let whole = written.split(separator: mapping.decimalSeparator, maxSplits: 1, omittingEmptySubsequences: false)[0]
            let groups = whole.split(separator: grouping, omittingEmptySubsequences: false)
            if groups.count > 1, groups.first?.isEmpty == true || groups.dropFirst().contains(where: { $0.count != 3 }) {
                plain = "?"
            } else {
                plain.removeAll { $0 == grouping }
            }
        }
        if mapping.decimalSeparator == "," {
            plain = plain.contains(".") ? "?" : plain.replacingOccurrences(of: ",", with: ".")
        }
        guard PlainDecimal.parse(plain) != nil || (plain != "?" && plain.filter(\.isNumber).count > 13) else {
            let example = mapping.decimalSeparator == "," ? "403,70" : "403.70"
            fields.problem(column, "\"\(written)\" is not an amount (expected digits with an optional "
                           + "\"\(mapping.decimalSeparator)\", like \(example))")
            return nil
        }
        return fields.money(plain, column: column)
    }

    private func date(_ field: CSVMappingField, _ fields: inout ShopFieldReader) -> Date? {
        guard let column = mapping.columns[field], let written = fields.word(column) else { return nil }
        return date(written, field, &fields)
    }

    private func date(_ written: String, _ field: CSVMappingField, _ fields: inout ShopFieldReader) -> Date? {
        let column = mapping.columns[field] ?? field.rawValue
        guard let pattern = mapping.dateFormat else { return fields.date(written, column: column, zone: zone) }
        switch pattern.date(written, zone: zone) {
        case .success(let date): return date
        case .failure(let refusal):
            fields.problem(column, refusal.description)
            return nil
        }
    }

    /// An address from its nine fields in `ShopAddress`'s order: name, company, two street lines,
    /// city, postcode, region, country, phone.
    private func address(_ fields: ShopFieldReader, _ parts: [CSVMappingField]) -> ShopAddress? {
        let values = parts.map { word($0, fields) }
        return ShopAddress(name: values[0], company: values[1], lines: [values[2], values[3]], city: values[4],
                           postcode: values[5], region: values[6], country: values[7], phone: values[8])
    }
}
