import Foundation

/// Orders as CSV: one row per line item, the order's own fields repeated on each.
public enum OrderCSV {
    /// Columns every import file must have, in the order exports write them.
    public static let requiredColumns = [
        "id", "customer", "email", "country", "currency", "status", "created_at", "flagged", "tags", "assignee",
        "discount", "shipping", "tax", "sku", "title", "quantity", "unit_price",
    ]
    /// Columns exports add so that an export re-imports exactly; optional on import.
    /// `notes` holds a JSON array of `{created_at, author, text}`; `discount_codes`, `adjustments` and
    /// `refunds` hold JSON arrays as the JSON export writes them (`OrderMoneyFields`).
    /// `source` empty or absent means `local`.
    public static let optionalColumns = ["updated_at", "version", "notes", "source", "shop_id", "payment_status",
                                         "fulfillment_status", "source_status", "cancelled_at", "cancel_reason", "closed",
                                         "taxes_included", "discount_codes", "adjustments", "stated_total", "refunds",
                                         "shop_currency", "shop_total", "exchange_rate", "phone", "customer_key",
                                         "shipping_address", "billing_address", "shipping_method", "tracking_numbers",
                                         "payment_method", "risk", "customer_note", "note_attributes", "paid_at", "fulfilled_at",
                                         "fulfilled_quantity"]

    private static let itemColumns: Set<String> = ["sku", "title", "quantity", "unit_price", "fulfilled_quantity"]

    // MARK: Writing

    public static func header() -> String {
        CSVWriter.line(requiredColumns + optionalColumns)
    }

    /// The rows of one order (one per line item), ending in CRLF; `text` says whether control
    /// characters in its fields are kept (a lossless export) or neutralised (clipboard, app export).
    public static func rows(for order: Order, text mode: ExportText = .lossless) -> String {
        let currency = order.currency
        var text = ""
        for item in order.items {
            let fields: [String] = [
                order.number, order.customerName, order.email, order.country, currency.code,
                order.status.rawValue, ISO8601Milliseconds.string(from: order.createdAt), String(order.flagged),
                order.tags.joined(separator: ";"), order.assignee ?? "", currency.plainText(order.discount),
                currency.plainText(order.shipping), currency.plainText(order.tax), item.sku, item.title,
                String(item.quantity), currency.plainText(item.unitPrice),
                ISO8601Milliseconds.string(from: order.updatedAt), String(order.version),
                order.notes.isEmpty ? "" : OrderJSON.notesArray(order.notes),
                order.source, order.shopOrderID ?? "", order.payment.rawValue, order.fulfillment.rawValue,
                order.sourceStatus ?? "", order.cancelledAt.map(ISO8601Milliseconds.string(from:)) ?? "",
                order.cancelReason ?? "", String(order.isClosed), String(order.taxesIncluded),
                order.discountCodes.isEmpty ? "" : OrderMoneyFields.codesArray(order),
                order.adjustments.isEmpty ? "" : OrderMoneyFields.adjustmentsArray(order),
                order.statedTotal.map(currency.plainText) ?? "",
                order.refunds.isEmpty ? "" : OrderMoneyFields.refundsArray(order),
                order.reportingCurrency.code, order.reportingCurrency.plainText(order.reportingTotal),
                order.exchangeRate.map(MoneyLimits.plain) ?? "",
            ]
            text += CSVWriter.line((fields + peopleFields(of: order) + [String(item.fulfilledQuantity)]).map(mode.csvField))
        }
        return text
    }

    /// The people-and-places cells of one order, in `optionalColumns` order.
    private static func peopleFields(of order: Order) -> [String] {
        var fields: [String] = [order.phone ?? "", order.customerKey ?? ""]
        fields += [order.shippingAddress.map(OrderPeopleFields.addressObject) ?? "",
                   order.billingAddress.map(OrderPeopleFields.addressObject) ?? "", order.shippingMethod ?? ""]
        fields += [order.trackingNumbers.isEmpty ? "" : OrderPeopleFields.trackingArray(order), order.paymentMethod ?? "",
                   order.riskLevel?.rawValue ?? "", order.customerNote ?? ""]
        fields += [order.noteAttributes.isEmpty ? "" : OrderPeopleFields.attributesArray(order),
                   order.paidAt.map(ISO8601Milliseconds.string(from:)) ?? "",
                   order.fulfilledAt.map(ISO8601Milliseconds.string(from:)) ?? ""]
        return fields
    }

    // MARK: Reading

    /// The orders in a CSV file, or every problem found (then nothing should be imported).
    public static func decode(_ bytes: [UInt8], fileName: String, options: ImportOptions = .strict) throws(ImportError) -> [Order] {
        try read(bytes, fileName: fileName, options: options).orders
    }

    /// The orders in a CSV file with the line each starts on, or every problem found.
    public static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions = .strict) throws(ImportError) -> ImportFile {
        func fail(_ location: RecordLocation, _ field: String?, _ problem: String) -> ImportError {
            ImportError(problems: [ImportProblem(file: fileName, location: location, field: field, problem: problem)])
        }
        let records: [CSVRecord]
        do {
            records = try CSVReader.records(in: bytes)
        } catch {
            throw fail(.line(error.line), nil, error.problem)
        }
        guard let header = records.first else { throw fail(.file, nil, "is empty (expected a header line naming the columns)") }
        var columns: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            guard requiredColumns.contains(name) || optionalColumns.contains(name) else {
                throw fail(.line(header.line), nil, "has an unknown column \"\(name)\" (expected: \((requiredColumns + optionalColumns).joined(separator: ",")))")
            }
            guard columns[name] == nil else { throw fail(.line(header.line), nil, "names the column \"\(name)\" twice") }
            columns[name] = index
        }
        let missing = requiredColumns.filter { columns[$0] == nil }
        guard missing.isEmpty else {
            throw fail(.line(header.line), nil, "is missing the column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", "))")
        }

        var problems: [ImportProblem] = []
        if let last = records.last, records.count > 1, !options.allowsUnterminatedLastLine,
           bytes.last != UInt8(ascii: "\n") {
            problems.append(ImportProblem(file: fileName, location: .line(last.line), field: nil, problem: Self.cutShortProblem))
        }
        // Rows are grouped by source and order number, so `ORD-1` and `ORD-0000001` are one local order.
        var recordsByID: [String: Int] = [:]
        var orderRecords: [OrderRecord] = []
        var firstRow: [String: (line: Int, fields: [String])] = [:]
        let orderColumns = columns.keys.filter { !itemColumns.contains($0) && $0 != "id" }.sorted()

        for row in records.dropFirst() {
            guard row.fields.count == header.fields.count else {
                problems.append(ImportProblem(file: fileName, location: .line(row.line), field: nil,
                                              problem: "has \(row.fields.count) fields but the header has \(header.fields.count)"))
                continue
            }
            func value(_ column: String) -> String? { columns[column].map { row.fields[$0] } }
            var rowProblems: [ImportProblem] = []
            func problem(_ field: String, _ text: String) {
                rowProblems.append(ImportProblem(file: fileName, location: .line(row.line), field: field, problem: text))
            }
            let item = parseItem(value, problem)
            let writtenID = value("id") ?? ""
            let source = value("source").flatMap { $0.isEmpty ? nil : $0 } ?? OrderNumber.localSource
            let id = source == OrderNumber.localSource ? (OrderID(writtenID)?.description ?? writtenID) : source + ":" + writtenID
            if let existing = recordsByID[id], let first = firstRow[id] {
                let firstID = columns["id"].map { first.fields[$0] } ?? ""
                if firstID != writtenID {
                    problem("id", "\"\(writtenID)\" is the same order number as \"\(firstID)\" on line \(first.line), written "
                            + "differently (write it the same way on every row of one order)")
                }
                // The order's own fields repeat on every row of the order and must agree.
                for column in orderColumns where row.fields[columns[column] ?? 0] != first.fields[columns[column] ?? 0] {
                    problem(column, "differs from line \(first.line) of the same order")
                }
                if rowProblems.isEmpty, let item { orderRecords[existing].items.append(item(.line(row.line))) }
            } else if let record = parseOrder(value, line: row.line, problem), let item {
                if rowProblems.isEmpty {
                    var record = record
                    record.items.append(item(.line(row.line)))
                    recordsByID[id] = orderRecords.count
                    firstRow[id] = (row.line, row.fields)
                    orderRecords.append(record)
                }
            }
            problems += rowProblems
        }
        if records.count == 1 {
            problems.append(ImportProblem(file: fileName, location: .file, field: nil, problem: "has a header but no orders"))
        }
        var entries: [ImportFile.Entry] = []
        for record in orderRecords {
            switch record.makeOrder(file: fileName, itemFields: .column, options: options) {
            case .success(let order): entries.append(ImportFile.Entry(order: order, location: record.location, writtenID: record.id))
            case .failure(let error): problems += error.problems
            }
        }
        guard problems.isEmpty else {
            // By line; problems on one line keep the order they were found in.
            let ordered = problems.enumerated().sorted { ($0.element.location.sortKey, $0.offset) < ($1.element.location.sortKey, $1.offset) }
            throw ImportError(problems: ordered.map(\.element))
        }
        return ImportFile(name: fileName, entries: entries)
    }

    /// Why a file whose last row has no line break is refused.
    static let cutShortProblem = "is the last line and has no line break at its end, so the file may have been cut short "
        + "(use --allow-unterminated if the file is complete)"

    private static func parseItem(_ value: (String) -> String?, _ problem: (String, String) -> Void)
        -> ((RecordLocation) -> OrderRecord.Item)? {
        let quantityText = value("quantity") ?? ""
        let priceText = value("unit_price") ?? ""
        let quantity = wholeNumber(quantityText)
        if quantity == nil {
            problem("quantity", isDigits(quantityText)
                ? MoneyLimits.quantityTooLarge(written: quantityText) : "\"\(quantityText)\" is not a whole number")
        }
        let price = PlainDecimal.parse(priceText)
        if price == nil { problem("unit_price", amountProblem(priceText)) }
        // Absent or empty in files from before it was written: then it follows the order's fulfilment.
        let fulfilledText = value("fulfilled_quantity") ?? ""
        let fulfilled = fulfilledText.isEmpty ? nil : wholeNumber(fulfilledText)
        if !fulfilledText.isEmpty, fulfilled == nil {
            problem("fulfilled_quantity", "\"\(fulfilledText)\" is not a whole number between 0 and the quantity")
        }
        guard let quantity, let price, fulfilledText.isEmpty || fulfilled != nil else { return nil }
        let sku = value("sku") ?? "", title = value("title") ?? ""
        return { OrderRecord.Item(location: $0, sku: sku, title: title, quantity: quantity, unitPrice: price, fulfilledQuantity: fulfilled) }
    }

    private static func parseOrder(_ value: (String) -> String?, line: Int, _ problem: (String, String) -> Void) -> OrderRecord? {
        var ok = true
        func money(_ column: String) -> Decimal {
            let text = value(column) ?? ""
            if text.isEmpty { return 0 }
            guard let amount = PlainDecimal.parse(text) else {
                problem(column, amountProblem(text))
                ok = false
                return 0
            }
            return amount
        }
        let flaggedText = value("flagged") ?? ""
        var flagged = false
        switch flaggedText.lowercased() {
        case "true": flagged = true
        case "false", "": flagged = false
        default:
            problem("flagged", "\"\(flaggedText)\" is neither true nor false")
            ok = false
        }
        var version: Int?
        if let text = value("version"), !text.isEmpty {
            version = wholeNumber(text)
            if version == nil { problem("version", "\"\(text)\" is not a whole number"); ok = false }
        }
        var notes: [OrderRecord.Note] = []
        if let text = value("notes"), !text.isEmpty {
            do {
                notes = try OrderJSON.decodeNotes(text)
            } catch {
                problem("notes", "is not a JSON array of {created_at, author, text}")
                ok = false
            }
        }
        var moneyFields = OrderMoneyFields()
        switch (value("taxes_included") ?? "").lowercased() {
        case "true": moneyFields.taxesIncluded = true
        case "false", "": break
        default:
            problem("taxes_included", "\"\(value("taxes_included") ?? "")\" is neither true nor false")
            ok = false
        }
        func array<Element: Decodable>(_ column: String, _ shape: String) -> [Element] {
            guard let text = value(column), !text.isEmpty else { return [] }
            guard let elements = try? JSONDecoder().decode([Element].self, from: Data(text.utf8)) else {
                problem(column, "is not a JSON array of \(shape)")
                ok = false
                return []
            }
            return elements
        }
        moneyFields.discountCodes = array("discount_codes", "{code, amount}")
        moneyFields.adjustments = array("adjustments", "{kind, label, amount}")
        moneyFields.refunds = array("refunds", "{id, created_at, reason, amount, shipping, restock, lines}")
        if let text = value("stated_total"), !text.isEmpty { moneyFields.statedTotal = JSONMoney(money("stated_total")) }
        moneyFields.shopCurrency = value("shop_currency").flatMap { $0.isEmpty ? nil : $0 }
        if let text = value("shop_total"), !text.isEmpty { moneyFields.shopTotal = JSONMoney(money("shop_total")) }
        if let text = value("exchange_rate"), !text.isEmpty { moneyFields.exchangeRate = JSONMoney(money("exchange_rate")) }
        var peopleFields = OrderPeopleFields()
        peopleFields.phone = value("phone")
        peopleFields.customerKey = value("customer_key")
        func object<Value: Decodable>(_ column: String, _ shape: String) -> Value? {
            guard let text = value(column), !text.isEmpty else { return nil }
            guard let decoded = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)) else {
                problem(column, "is not JSON of the form \(shape)")
                ok = false
                return nil
            }
            return decoded
        }
        peopleFields.shippingAddress = object("shipping_address", "{name, company, lines, city, postcode, region, country, phone}")
        peopleFields.billingAddress = object("billing_address", "{name, company, lines, city, postcode, region, country, phone}")
        peopleFields.shippingMethod = value("shipping_method")
        peopleFields.trackingNumbers = object("tracking_numbers", "[\"number\", …]")
        peopleFields.paymentMethod = value("payment_method")
        peopleFields.risk = value("risk")
        peopleFields.customerNote = value("customer_note")
        peopleFields.noteAttributes = object("note_attributes", "[{key, value}]")
        peopleFields.paidAt = value("paid_at")
        peopleFields.fulfilledAt = value("fulfilled_at")
        let tags = (value("tags") ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let assignee = value("assignee").flatMap { $0.isEmpty ? nil : $0 }
        let updated = value("updated_at").flatMap { $0.isEmpty ? nil : $0 }
        let record = OrderRecord(
            location: .line(line), id: value("id") ?? "", source: value("source"), shopID: value("shop_id"),
            states: OrderRecord.States(
                payment: value("payment_status").flatMap { $0.isEmpty ? nil : $0 },
                fulfillment: value("fulfillment_status").flatMap { $0.isEmpty ? nil : $0 },
                sourceStatus: value("source_status"), cancelledAt: value("cancelled_at").flatMap { $0.isEmpty ? nil : $0 },
                cancelReason: value("cancel_reason"), closed: value("closed").flatMap { $0.isEmpty ? nil : $0 == "true" }),
            customer: value("customer") ?? "", email: value("email") ?? "",
            country: value("country") ?? "", currency: value("currency") ?? "", status: value("status") ?? "",
            createdAt: value("created_at") ?? "", updatedAt: updated, flagged: flagged, tags: tags, assignee: assignee,
            discount: money("discount"), shipping: money("shipping"), tax: money("tax"), version: version, notes: notes,
            items: [], moneyFields: moneyFields, peopleFields: peopleFields)
        return ok ? record : nil
    }

    /// Why `text` is not an amount: too many digits for any amount, or not a plain decimal.
    private static func amountProblem(_ text: String) -> String {
        let whole = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if isDigits(String(whole)), whole.count > 13, text.split(separator: ".").allSatisfy({ isDigits(String($0)) }) {
            return MoneyLimits.tooLarge(written: text)
        }
        return "\"\(text)\" is not a plain decimal such as 1234.50"
    }

    /// Whether text is one or more ASCII digits and nothing else.
    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// An optionally negative run of digits that fits in an Int; nil otherwise.
    static func wholeNumber(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

extension RecordLocation {
    /// Orders problems by where they are in the file.
    var sortKey: Int {
        switch self {
        case .file: -1
        case .line(let line), .position(let line, _), .byte(_, let line): line
        case .index(let index): index
        }
    }
}
