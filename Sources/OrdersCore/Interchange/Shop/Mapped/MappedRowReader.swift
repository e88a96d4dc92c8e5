import Foundation

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
        let total = required(.total, &head).flatMap { _ in money(.total, &head) }
        var items: [ShopLineItem] = []
        var lineProblems: [ImportProblem] = []
        for row in rows {
            var line = row
            if let item = lineItem(&line) { items.append(item) }
            lineProblems += line.problems
        }
        let statusWord = word(.status, head)
        let subtotal = money(.subtotal, &head) ?? items.reduce(Decimal(0)) { $0 + $1.lineTotal }
        let shipping = money(.shippingTotal, &head), tax = money(.taxTotal, &head), discount = money(.discountTotal, &head)
        let adjustments = [(OrderAdjustment.Kind.fee, CSVMappingField.fees, "Fees"), (.duty, .duties, "Duties")]
            .compactMap { kind, field, label in
                money(field, &head).flatMap { $0 == 0 ? nil : OrderAdjustment(kind: kind, label: label, amount: $0) }
            }
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
            subtotal: subtotal, shippingTotal: shipping, taxTotal: tax, discountTotal: discount, total: total ?? 0,
            taxesIncluded: mapping.taxesIncluded
                ?? ShopTaxInference.taxesIncluded(subtotal: subtotal, discount: discount, shipping: shipping, tax: tax, total: total,
                                                  adjustments: adjustments),
            discountCodes: word(.discountCodes, head).map(ShopifyCSVReader.splitList) ?? [],
            shippingMethod: word(.shippingMethod, head), paymentMethod: word(.paymentMethod, head),
            items: items, refunds: [], refundedAmount: money(.refundedAmount, &head),
            tags: word(.tags, head).map(ShopifyCSVReader.splitList) ?? [],
            customerNote: text(.customerNote, head), staffNotes: text(.staffNote, head).map { [$0] } ?? [],
            noteAttributes: [], riskLevel: nil, channel: nil, presentment: nil)
        order.mappedStatuses = mapping.statuses(for: statusWord)
        order.adjustments = adjustments
        let problems = head.problems + lineProblems
        if items.isEmpty, problems.isEmpty {
            return .failure(ImportError(problems: [ImportProblem(file: head.file, location: head.location, field: mapping.columns[.itemTitle],
                                                                 problem: "order \(number ?? "") has no line item")]))
        }
        return problems.isEmpty ? .success(order) : .failure(ImportError(problems: problems))
    }

    private func lineItem(_ line: inout ShopFieldReader) -> ShopLineItem? {
        guard let title = required(.itemTitle, &line),
              let quantity = required(.itemQuantity, &line).flatMap({ line.count($0, column: mapping.columns[.itemQuantity] ?? "") })
        else { return nil }
        let unitPrice = money(.itemUnitPrice, &line), stated = money(.itemLineTotal, &line)
        guard line.problems.isEmpty else { return nil }
        guard quantity > 0 else {
            line.problem(mapping.columns[.itemQuantity], "is 0; a line item needs at least 1")
            return nil
        }
        let priceColumn = mapping.columns[.itemUnitPrice] ?? mapping.columns[.itemLineTotal]
        let price: Decimal, lineTotal: Decimal
        if let unitPrice {
            (price, lineTotal) = (unitPrice, unitPrice * Decimal(quantity))
        } else if let stated {
            // Only the line's total is given: its price per unit must come out exact.
            let perUnit = stated / Decimal(quantity)
            guard perUnit * Decimal(quantity) == stated, PlainDecimal.parse("\(perUnit)") != nil else {
                line.problem(mapping.columns[.itemLineTotal],
                             "the line \"\(title)\" costs \(stated) for \(quantity), which is no exact price per unit")
                return nil
            }
            (price, lineTotal) = (perUnit, stated)
        } else {
            line.problem(priceColumn, "is empty; every line item needs its price")
            return nil
        }
        guard MoneyLimits.isWithinRange(lineTotal) else {
            line.problem(priceColumn, "the line total " + MoneyLimits.tooLarge(lineTotal))
            return nil
        }
        return ShopLineItem(location: line.location, title: title, sku: word(.itemSKU, line) ?? "", quantity: quantity,
                            unitPrice: price, lineTotal: lineTotal, fulfilledQuantity: nil, requiresShipping: nil, taxable: nil)
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

    /// An amount as the export writes it: its grouping removed and its decimal separator made a point,
    /// then read as exactly as every other shop amount.
    private func money(_ field: CSVMappingField, _ fields: inout ShopFieldReader) -> Decimal? {
        guard let column = mapping.columns[field], let written = fields.word(column) else { return nil }
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
