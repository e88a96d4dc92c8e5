import Foundation
import OrdersCore

/// Orders as CSV: one row per line item, the order's own fields repeated on each. The columns are
/// the JSON contract's fields flattened (`OrderCSV+Columns.swift`); files with the columns of
/// earlier versions (`customer`, `email`, `phone`, addresses as JSON) are read as well.
public enum OrderCSV {
    // MARK: Writing

    public static func header() -> String {
        CSVWriter.line(exportColumns)
    }

    /// The rows of one order (one per line item), ending in CRLF; `text` says whether control
    /// characters in its fields are kept (a lossless export) or neutralised (clipboard, app export).
    public static func rows(for order: Order, text mode: ExportText = .lossless) -> String {
        let currency = order.currency
        func time(_ date: Date?) -> String { date.map(ISO8601Milliseconds.string(from:)) ?? "" }
        // In `exportColumns` order: the order's fields up to the item, the item's, the order's after it.
        let before: [String] = [
            order.number, order.source, order.shopOrderID ?? "", time(order.createdAt), time(order.updatedAt),
            order.customerName, order.email, order.phone ?? "", order.customerKey ?? "", order.country,
        ] + addressCells(order.shippingAddress) + addressCells(order.billingAddress) + [
            order.shippingMethod ?? "", order.trackingNumbers.isEmpty ? "" : OrderPeopleFields.trackingArray(order),
            order.paymentMethod ?? "", currency.code, order.status.rawValue, order.payment.rawValue, time(order.paidAt),
            order.fulfillment.rawValue, time(order.fulfilledAt), order.sourceStatus ?? "", time(order.cancelledAt),
            order.cancelReason ?? "", String(order.isClosed),
        ]
        let after: [String] = [
            currency.plainText(order.subtotal), currency.plainText(order.discount),
            order.discountCodes.isEmpty ? "" : OrderMoneyFields.codesArray(order),
            order.adjustments.isEmpty ? "" : OrderMoneyFields.adjustmentsArray(order),
            currency.plainText(order.shipping), currency.plainText(order.tax), String(order.taxesIncluded),
            currency.plainText(order.total), order.statedTotal.map(currency.plainText) ?? "",
            currency.plainText(order.refunded), currency.plainText(order.outstanding),
            order.reportingCurrency.code, order.reportingCurrency.plainText(order.reportingTotal),
            order.exchangeRate.map(MoneyLimits.plain) ?? "", order.refunds.isEmpty ? "" : OrderMoneyFields.refundsArray(order),
            order.tags.joined(separator: ";"), String(order.flagged), order.riskLevel?.rawValue ?? "", order.assignee ?? "",
            order.customerNote ?? "", order.noteAttributes.isEmpty ? "" : OrderPeopleFields.attributesArray(order),
            order.notes.isEmpty ? "" : OrderJSON.notesArray(order.notes), String(order.version),
        ]
        var text = ""
        for item in order.items {
            let fields = before + [item.sku, item.title, String(item.quantity), currency.plainText(item.unitPrice),
                                   currency.plainText(item.lineTotal), String(item.fulfilledQuantity)] + after
            text += CSVWriter.line(fields.map(mode.csvField))
        }
        return text
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
        // Keyed by today's name; `written` keeps the header's own, for messages.
        var columns: [String: Int] = [:]
        var written: [String: String] = [:]
        for (index, name) in header.fields.enumerated() {
            guard knownColumns.contains(name) else {
                throw fail(.line(header.line), nil, "has an unknown column \"\(name)\" (expected: \(exportColumns.joined(separator: ",")))")
            }
            let column = earlierNames[name] ?? name
            if let first = written[column] {
                throw fail(.line(header.line), nil, first == name ? "names the column \"\(name)\" twice"
                    : "names the column \"\(column)\" twice (as \"\(first)\" and \"\(name)\")")
            }
            columns[column] = index
            written[column] = name
        }
        let missing = requiredColumns.filter { columns[$0] == nil }.map { column in
            earlierNames.first { $0.value == column }.map { "\(column) (or \($0.key))" } ?? column
        }
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
        func problemName(_ column: String) -> String { written[column] ?? column }

        for row in records.dropFirst() {
            guard row.count == header.count else {
                problems.append(ImportProblem(file: fileName, location: .line(row.line), field: nil,
                                              problem: "has \(row.count) fields but the header has \(header.count)"))
                continue
            }
            // Every column of this format is read: all the row's fields as text, once.
            let fields = row.fields
            func value(_ column: String) -> String? { columns[column].map { fields[$0] } }
            var rowProblems: [ImportProblem] = []
            func problem(_ field: String, _ text: String) {
                rowProblems.append(ImportProblem(file: fileName, location: .line(row.line), field: problemName(field), problem: text))
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
                for column in orderColumns where fields[columns[column] ?? 0] != first.fields[columns[column] ?? 0] {
                    problem(column, "differs from line \(first.line) of the same order")
                }
                if rowProblems.isEmpty, let item { orderRecords[existing].items.append(item(.line(row.line))) }
            } else if let record = parseOrder(value, line: row.line, problem), let item {
                if rowProblems.isEmpty {
                    var record = record
                    record.items.append(item(.line(row.line)))
                    recordsByID[id] = orderRecords.count
                    firstRow[id] = (row.line, fields)
                    orderRecords.append(record)
                }
            }
            problems += rowProblems
        }
        if records.count == 1 {
            problems.append(ImportProblem(file: fileName, location: .file, field: nil, problem: "has a header but no orders"))
        }
        var entries: [ImportFile.Entry] = []
        // The domain's rules name fields as the JSON contract does; say them as this header does.
        let fieldNames = ["customer": problemName("customer_name"), "email": problemName("customer_email"),
                          "phone": problemName("customer_phone"),
                          "shipping_address.lines": columns["shipping_address_lines"] != nil ? "shipping_address_lines" : "shipping_address",
                          "billing_address.lines": columns["billing_address_lines"] != nil ? "billing_address_lines" : "billing_address"]
        for var record in orderRecords {
            record.fieldNames = fieldNames
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
        // Absent or empty in files from before it was written: then the line is unit price × quantity.
        let lineTotalText = value("line_total") ?? ""
        let lineTotal = lineTotalText.isEmpty ? nil : PlainDecimal.parse(lineTotalText)
        if !lineTotalText.isEmpty, lineTotal == nil { problem("line_total", amountProblem(lineTotalText)) }
        guard let quantity, let price, fulfilledText.isEmpty || fulfilled != nil, lineTotalText.isEmpty || lineTotal != nil else { return nil }
        let sku = value("sku") ?? "", title = value("title") ?? ""
        return { OrderRecord.Item(location: $0, sku: sku, title: title, quantity: quantity, unitPrice: price, fulfilledQuantity: fulfilled,
                                  lineTotal: lineTotal) }
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
        peopleFields.phone = value("customer_phone")
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
        peopleFields.shippingAddress = address("shipping_address", value)
            ?? object("shipping_address", "{name, company, lines, city, postcode, region, country, phone}")
        peopleFields.billingAddress = address("billing_address", value)
            ?? object("billing_address", "{name, company, lines, city, postcode, region, country, phone}")
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
            customer: value("customer_name") ?? "", email: value("customer_email") ?? "",
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
