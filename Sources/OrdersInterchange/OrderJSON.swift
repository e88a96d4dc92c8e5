import Foundation
import OrdersCore

/// Orders as JSON, the script contract: an array of objects with the fields `fieldOrder` lists, in
/// that order: the shop's number as `id`, `customer` as an object {name, email, phone, key}, the
/// addresses as objects (`null` when absent), both statuses, `items` of `{sku, title, quantity,
/// unit_price, line_total, fulfilled_quantity}` (the line total exact, the unit price derived from it when
/// the shop stated a total no unit price gives: `LineItem+StatedTotal.swift`), the money and its derived sums, refunds, tags, flag, risk, assignee and notes.
/// Money is written as decimal strings with the currency's decimals ("403.70"), never floats, and
/// read back exactly (numbers are read too). Files written before the contract (`customer` as the
/// name, with `email`, `phone` and `customer_key` beside it) are read as well.
public enum OrderJSON {
    // MARK: Writing

    /// The order of an order's members: the contract's fields in the order the issue lists them, each
    /// field that only makes the export lossless next to the one it belongs with.
    static let fieldOrder = [
        "id", "source", "shop_id", "created_at", "updated_at", "customer", "country", "shipping_address", "billing_address",
        "shipping_method", "tracking_numbers", "payment_method", "currency", "status", "payment_status", "paid_at",
        "fulfillment_status", "fulfilled_at", "source_status", "cancelled_at", "cancel_reason", "closed", "items",
        "subtotal", "discount", "discount_codes", "adjustments", "shipping", "tax", "taxes_included", "total",
        "stated_total", "refunded", "outstanding", "shop_currency", "shop_total", "exchange_rate", "refunds", "tags",
        "flagged", "risk", "assignee", "customer_note", "note_attributes", "notes", "version",
    ]

    private static let fieldPosition = Dictionary(uniqueKeysWithValues: fieldOrder.enumerated().map { ($1, $0) })

    /// The members of one order's object, in `fieldOrder`.
    public static func members(of order: Order) -> [(String, String)] {
        let currency = order.currency
        func money(_ amount: Decimal) -> String { JSONText.string(currency.plainText(amount)) }
        let members: [(String, String)] = [
            ("id", JSONText.string(order.number)),
            ("source", JSONText.string(order.source)),
            ("shop_id", JSONText.optionalString(order.shopOrderID)),
            ("customer", OrderPeopleFields.customerObject(order)),
            ("country", JSONText.string(order.country)),
            ("currency", JSONText.string(currency.code)),
            ("status", JSONText.string(order.status.rawValue)),
            ("payment_status", JSONText.string(order.payment.rawValue)),
            ("fulfillment_status", JSONText.string(order.fulfillment.rawValue)),
            ("source_status", JSONText.optionalString(order.sourceStatus)),
            ("cancelled_at", JSONText.optionalString(order.cancelledAt.map(ISO8601Milliseconds.string(from:)))),
            ("cancel_reason", JSONText.optionalString(order.cancelReason)),
            ("closed", String(order.isClosed)),
            ("created_at", JSONText.string(ISO8601Milliseconds.string(from: order.createdAt))),
            ("updated_at", JSONText.string(ISO8601Milliseconds.string(from: order.updatedAt))),
            ("flagged", String(order.flagged)),
            ("tags", JSONText.array(order.tags.map(JSONText.string))),
            ("assignee", JSONText.optionalString(order.assignee)),
            ("discount", money(order.discount)),
            ("shipping", money(order.shipping)),
            ("tax", money(order.tax)),
        ] + OrderMoneyFields.members(of: order) + OrderPeopleFields.members(of: order) + [
            // Derived, for scripts; importing recomputes them.
            ("subtotal", money(order.subtotal)),
            ("total", money(order.total)),
            ("refunded", money(order.refunded)),
            ("outstanding", money(order.outstanding)),
            ("version", String(order.version)),
            ("notes", notesArray(order.notes)),
            ("items", JSONText.array(order.items.indices.map { index in
                let item = order.items[index]
                return JSONText.object([
                    ("sku", JSONText.string(item.sku)), ("title", JSONText.string(item.title)),
                    ("quantity", String(item.quantity)), ("unit_price", money(item.unitPrice)),
                    ("line_total", money(item.lineTotal)),
                    ("fulfilled_quantity", String(item.fulfilledQuantity)),
                    // Derived from the refunds, for scripts; importing recomputes it.
                    ("refunded_quantity", String(order.returnedQuantity(ofLine: index))),
                ])
            })),
        ]
        // Sorted here rather than written in order, so that each member keeps its own line above.
        return members.sorted { (fieldPosition[$0.0] ?? fieldOrder.count) < (fieldPosition[$1.0] ?? fieldOrder.count) }
    }

    /// One order as a single-line JSON object.
    public static func object(for order: Order) -> String {
        JSONText.object(members(of: order))
    }

    static func notesArray(_ notes: [OrderNote]) -> String {
        JSONText.array(notes.map { note in
            JSONText.object([
                ("created_at", JSONText.string(ISO8601Milliseconds.string(from: note.createdAt))),
                ("author", JSONText.string(note.author)), ("text", JSONText.string(note.text)),
            ])
        })
    }

    // MARK: Reading

    private struct OrderObject: Decodable {
        var id: String
        var source: String?
        var shopID: String?
        var customer: CustomerValue
        /// Beside `customer` in files written before the contract; inside it since.
        var email: String?
        var country: String
        var currency: String
        var status: String
        var paymentStatus: String?
        var fulfillmentStatus: String?
        var sourceStatus: String?
        var cancelledAt: String?
        var cancelReason: String?
        var closed: Bool?
        var createdAt: String
        var updatedAt: String?
        var flagged: Bool?
        var tags: [String]?
        var assignee: String?
        var discount: JSONMoney?
        var shipping: JSONMoney?
        var tax: JSONMoney?
        /// Read as a number and checked to be whole here, like `quantity`: JSONDecoder's own
        /// refusal of `1e30` as an Int names no field.
        var version: Decimal?
        var notes: [NoteObject]?
        var items: [ItemObject]

        enum CodingKeys: String, CodingKey {
            case id, source, customer, email, country, currency, status, flagged, tags, assignee, discount, shipping, tax
            case version, notes, items
            case createdAt = "created_at", updatedAt = "updated_at", shopID = "shop_id", closed
            case paymentStatus = "payment_status", fulfillmentStatus = "fulfillment_status", sourceStatus = "source_status"
            case cancelledAt = "cancelled_at", cancelReason = "cancel_reason"
        }
    }

    private struct ItemObject: Decodable {
        var sku: String
        var title: String
        /// Read as a number and checked to be whole here, so that `2.5` is reported
        /// against its field (JSONDecoder's own Int error names no field).
        var quantity: Decimal
        var unitPrice: JSONMoney
        /// Whole, like `quantity`; absent in files from before it was written.
        var fulfilledQuantity: Decimal?
        /// Absent in files from before it was written: then the line is unit price × quantity.
        var lineTotal: JSONMoney?

        enum CodingKeys: String, CodingKey {
            case sku, title, quantity
            case unitPrice = "unit_price", fulfilledQuantity = "fulfilled_quantity", lineTotal = "line_total"
        }
    }

    private struct NoteObject: Decodable {
        var createdAt: String
        var author: String
        var text: String

        enum CodingKeys: String, CodingKey {
            case author, text
            case createdAt = "created_at"
        }
    }

    /// Decodes one array element, keeping its failure instead of stopping the whole file.
    private struct Attempt: Decodable {
        var result: Result<(OrderObject, OrderMoneyFields, OrderPeopleFields), Error>
        init(from decoder: Decoder) throws {
            result = Result { (try OrderObject(from: decoder), try OrderMoneyFields(from: decoder), try OrderPeopleFields(from: decoder)) }
        }
    }

    /// The orders in a JSON file, or every problem found.
    public static func decode(_ bytes: [UInt8], fileName: String, options: ImportOptions = .strict) throws(ImportError) -> [Order] {
        try read(bytes, fileName: fileName, options: options).orders
    }

    /// The orders in a JSON file with the array index of each, or every problem found.
    public static func read(_ bytes: [UInt8], fileName: String, options: ImportOptions = .strict) throws(ImportError) -> ImportFile {
        func fail(_ location: RecordLocation, _ problem: String) -> ImportError {
            ImportError(problems: [ImportProblem(file: fileName, location: location, field: nil, problem: problem)])
        }
        if let bad = UTF8Check.firstInvalidByte(in: bytes) {
            throw fail(.byte(offset: bad.offset, line: bad.line), "is not valid UTF-8 text from here on")
        }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if text.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { throw fail(.file, "is empty (expected a JSON array of orders)") }
        // Checked first and by hand: JSONDecoder accepts trailing commas and describes
        // what it refuses in Swift's terms, not at a line and column.
        if let failure = JSONSyntaxCheck.firstError(in: text) {
            throw fail(.position(line: failure.line, column: failure.column), failure.message)
        }
        let attempts: [Attempt]
        do {
            attempts = try JSONDecoder().decode([Attempt].self, from: Data(text))
        } catch let DecodingError.typeMismatch(_, context) where context.codingPath.isEmpty {
            throw fail(.file, "is not a JSON array of orders")
        } catch {
            throw fail(.file, "is not valid JSON")
        }
        if attempts.isEmpty { throw fail(.file, "holds no orders (an empty array)") }
        var problems: [ImportProblem] = []
        var entries: [ImportFile.Entry] = []
        var firstIndexOfID: [OrderID: (index: Int, written: String)] = [:]
        for (index, attempt) in attempts.enumerated() {
            switch attempt.result {
            case .failure(let error):
                problems.append(problem(for: error, index: index, file: fileName))
            case .success(let (object, moneyFields, peopleFields)):
                if let version = object.version, wholeNumber(version) == nil {
                    let isWhole = version == Currency.jpy.rounded(version)
                    problems.append(ImportProblem(
                        file: fileName, location: .index(index), field: "version",
                        problem: isWhole && version > 0 ? "is \(MoneyLimits.plain(version)), above the largest version (\(Int32.max))"
                            : isWhole ? "must be at least 1, got \(MoneyLimits.plain(version))" : "expected a whole number"))
                    continue
                }
                if let position = object.items.firstIndex(where: { wholeNumber($0.quantity) == nil }) {
                    let quantity = object.items[position].quantity
                    let isWhole = quantity == Currency.jpy.rounded(quantity)
                    problems.append(ImportProblem(
                        file: fileName, location: .index(index), field: "items[\(position)].quantity",
                        problem: !isWhole ? "expected a whole number"
                            : quantity > 0 ? MoneyLimits.quantityTooLarge(written: MoneyLimits.plain(quantity))
                            : "must be at least 1, got \(MoneyLimits.plain(quantity))"))
                    continue
                }
                if let position = object.items.firstIndex(where: { $0.fulfilledQuantity.map { wholeNumber($0) == nil } ?? false }) {
                    problems.append(ImportProblem(file: fileName, location: .index(index), field: "items[\(position)].fulfilled_quantity",
                                                  problem: "expected a whole number between 0 and the quantity"))
                    continue
                }
                var record = record(object, index: index)
                record.moneyFields = moneyFields
                record.peopleFields = peopleFields
                switch object.customer {
                case .object(let customer):
                    record.email = customer.email ?? ""
                    record.peopleFields.phone = customer.phone
                    record.peopleFields.customerKey = customer.key
                    record.fieldNames = ["customer": "customer.name", "email": "customer.email", "phone": "customer.phone",
                                         "customer_key": "customer.key"]
                case .name:
                    if object.email == nil {
                        problems.append(ImportProblem(file: fileName, location: .index(index), field: "email", problem: "is missing"))
                        continue
                    }
                }
                switch record.makeOrder(file: fileName, itemFields: .path, options: options) {
                case .failure(let error):
                    problems += error.problems
                case .success(let order):
                    if let first = firstIndexOfID[order.id] {
                        let problem = first.written == object.id
                            ? "\(order.id) appears again (first at index \(first.index))"
                            : "\"\(object.id)\" is the same order number as \"\(first.written)\" at index \(first.index), written differently"
                        problems.append(ImportProblem(file: fileName, location: .index(index), field: "id", problem: problem))
                    } else {
                        firstIndexOfID[order.id] = (index, object.id)
                        entries.append(ImportFile.Entry(order: order, location: .index(index), writtenID: object.id))
                    }
                }
            }
        }
        guard problems.isEmpty else { throw ImportError(problems: problems) }
        return ImportFile(name: fileName, entries: entries)
    }

    private static func record(_ object: OrderObject, index: Int) -> OrderRecord {
        OrderRecord(
            location: .index(index), id: object.id, source: object.source, shopID: object.shopID,
            states: OrderRecord.States(payment: object.paymentStatus, fulfillment: object.fulfillmentStatus,
                                       sourceStatus: object.sourceStatus, cancelledAt: object.cancelledAt,
                                       cancelReason: object.cancelReason, closed: object.closed),
            customer: object.customer.name, email: object.email ?? "",
            country: object.country, currency: object.currency, status: object.status, createdAt: object.createdAt,
            updatedAt: object.updatedAt, flagged: object.flagged ?? false, tags: object.tags ?? [],
            assignee: object.assignee.flatMap { $0.isEmpty ? nil : $0 }, discount: object.discount?.value ?? 0,
            shipping: object.shipping?.value ?? 0, tax: object.tax?.value ?? 0, version: object.version.flatMap(wholeNumber),
            notes: (object.notes ?? []).map { OrderRecord.Note(createdAt: $0.createdAt, author: $0.author, text: $0.text) },
            items: object.items.map {
                OrderRecord.Item(location: .index(index), sku: $0.sku, title: $0.title, quantity: wholeNumber($0.quantity) ?? 0,
                                 unitPrice: $0.unitPrice.value, fulfilledQuantity: $0.fulfilledQuantity.flatMap(wholeNumber),
                                 lineTotal: $0.lineTotal?.value)
            })
    }

    /// The value as an Int if it is whole and fits.
    private static func wholeNumber(_ value: Decimal) -> Int? {
        guard value == Currency.jpy.rounded(value), value.magnitude < 1_000_000_000_000 else { return nil }
        return NSDecimalNumber(decimal: value).intValue
    }

    /// Notes stored in a CSV cell.
    static func decodeNotes(_ text: String) throws -> [OrderRecord.Note] {
        try JSONDecoder().decode([NoteObject].self, from: Data(text.utf8)).map {
            OrderRecord.Note(createdAt: $0.createdAt, author: $0.author, text: $0.text)
        }
    }
}
