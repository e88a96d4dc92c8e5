import Foundation
import OrdersCore

/// The tables that hold an order's children (its lines, tags, notes, money rows and people rows),
/// read and written the same way by both engines: each table's columns, its order, what a row of it
/// adds to its order and the rows an order writes are here once. An engine says only how it picks
/// the orders' rows (SQLite a range or one id, PostgreSQL an array of ids), how it steps through
/// them and how it sends rows (SQLite one prepared INSERT per row, PostgreSQL a `COPY` per table).
///
/// `allCases` is the order both read and write in: a refund before its lines.
enum StoredChildTable: CaseIterable, Sendable {
    case lineItems, tags, notes, discountCodes, adjustments, refunds, refundLines, addresses, trackingNumbers, noteAttributes

    var name: String {
        switch self {
        case .lineItems: "line_items"
        case .tags: "tags"
        case .notes: "notes"
        case .discountCodes: "discount_codes"
        case .adjustments: "adjustments"
        case .refunds: "refunds"
        case .refundLines: "refund_lines"
        case .addresses: "addresses"
        case .trackingNumbers: "tracking_numbers"
        case .noteAttributes: "note_attributes"
        }
    }

    /// The columns `rows(of:money:)` gives values for, in that order: the order's key first.
    var writtenColumns: [String] {
        switch self {
        case .lineItems: ["order_id", "position", "sku", "title", "quantity", "unit_price_minor", "fulfilled_quantity", "line_total_minor"]
        case .tags: ["order_id", "position", "tag"]
        case .notes: ["order_id", "position", "created_ms", "author", "text"]
        case .discountCodes: ["order_id", "position", "code", "amount_minor"]
        case .adjustments: ["order_id", "position", "kind", "label", "amount_minor"]
        case .refunds: ["order_id", "position", "refund_id", "created_ms", "reason", "amount_minor", "shipping_minor", "restock"]
        case .refundLines: ["order_id", "refund_position", "position", "line_position", "quantity"]
        case .addresses: ["order_id", "kind", "name", "company", "lines", "city", "postcode", "region", "country", "phone"]
        case .trackingNumbers: ["order_id", "position", "number"]
        case .noteAttributes: ["order_id", "position", "key", "value"]
        }
    }

    /// The positions among `writtenColumns` of truth values (written 1 or 0, PostgreSQL's true or false).
    var booleanColumns: Set<Int> { self == .refunds ? [7] : [] }

    /// The rows `order` has in this table, as values of `writtenColumns`, amounts as `money` converted them.
    func rows(of order: Order, money: OrderRows.Money) -> [[SQLiteValue]] {
        let id = SQLiteValue.int(order.id.number)
        switch self {
        case .lineItems:
            return order.items.enumerated().map { position, item in
                [id, .int(position), .text(item.sku), .text(item.title), .int(item.quantity), .integer(money.unitPrices[position]),
                 .int(item.fulfilledQuantity), money.statedLineTotals[position].map { .integer($0) } ?? .null]
            }
        case .tags:
            return order.tags.enumerated().map { position, tag in [id, .int(position), .text(tag)] }
        case .notes:
            return order.notes.enumerated().map { position, note in
                [id, .int(position), .integer(note.createdAt.millisecondsSince1970), .text(note.author), .text(note.text)]
            }
        case .discountCodes:
            return zip(order.discountCodes, money.discountCodes).enumerated().map { position, pair in
                [id, .int(position), .text(pair.0.code), .integer(pair.1)]
            }
        case .adjustments:
            return zip(order.adjustments, money.adjustments).enumerated().map { position, pair in
                [id, .int(position), .text(pair.0.kind.rawValue), .text(pair.0.label), .integer(pair.1)]
            }
        case .refunds:
            return zip(order.refunds, money.refunds).enumerated().map { position, pair in
                let (refund, amounts) = pair
                return [id, .int(position), .text(refund.id), .integer(refund.createdAt.millisecondsSince1970),
                        .optionalText(refund.reason), .integer(amounts.amount), .integer(amounts.shipping), .bool(refund.restock)]
            }
        case .refundLines:
            return order.refunds.enumerated().flatMap { position, refund in
                refund.lines.enumerated().map { linePosition, line in
                    [id, .int(position), .int(linePosition), .int(line.line), .int(line.quantity)]
                }
            }
        case .addresses:
            return [("shipping", order.shippingAddress), ("billing", order.billingAddress)].compactMap { kind, address in
                address.map { address in
                    [id, .text(kind), .optionalText(address.name), .optionalText(address.company),
                     .text(address.lines.joined(separator: "\n")), .optionalText(address.city), .optionalText(address.postcode),
                     .optionalText(address.region), .optionalText(address.country), .optionalText(address.phone)]
                }
            }
        case .trackingNumbers:
            return order.trackingNumbers.enumerated().map { position, number in [id, .int(position), .text(number)] }
        case .noteAttributes:
            return order.noteAttributes.enumerated().map { position, attribute in
                [id, .int(position), .text(attribute.key), .text(attribute.value)]
            }
        }
    }

    /// The select of this table's rows whose `order_id` passes `filter`, the order's id first, in the
    /// order the order keeps them (a refund's lines after every refund: `allCases` reads refunds first).
    func select(where filter: String) -> String {
        "SELECT order_id, \(columns) WHERE \(filter) ORDER BY order_id, \(order)"
    }

    /// The columns `add(_:to:)` reads after the order's key: what is written, less the positions
    /// (the rows come in their order).
    private var columns: String {
        writtenColumns.filter { $0 != "order_id" && $0 != "position" }.joined(separator: ", ") + " FROM " + name
    }

    private var order: String {
        switch self {
        case .refundLines: "refund_position, position"
        case .addresses: "kind"
        default: "position"
        }
    }

    /// Adds what one row of this table (as `select` reads it: the order's id in column 0) says to `order`.
    func add(_ row: some StoredRow, to order: inout Order) throws {
        let currency = order.currency
        switch self {
        case .lineItems:
            order.items.append(LineItem(sku: row.text(1), title: row.text(2), quantity: try row.int(3),
                                        unitPrice: currency.amount(minorUnits: try row.int64(4)), fulfilledQuantity: try row.int(5),
                                        statedLineTotal: try row.optionalInt64(6).map { currency.amount(minorUnits: $0) }))
        case .tags:
            order.tags.append(row.text(1))
        case .notes:
            order.notes.append(OrderNote(createdAt: Date(millisecondsSince1970: try row.int64(1)), author: row.text(2), text: row.text(3)))
        case .discountCodes:
            order.discountCodes.append(DiscountCode(code: row.text(1), amount: currency.amount(minorUnits: try row.int64(2))))
        case .adjustments:
            guard let kind = OrderAdjustment.Kind(rawValue: row.text(1)) else {
                throw OrderStoreError.unusable("Order \(order.id) has an unknown kind of adjustment \"\(row.text(1))\" in the database.")
            }
            order.adjustments.append(OrderAdjustment(kind: kind, label: row.text(2), amount: currency.amount(minorUnits: try row.int64(3))))
        case .refunds:
            order.refunds.append(Refund(
                id: row.text(1), createdAt: Date(millisecondsSince1970: try row.int64(2)), reason: row.optionalText(3),
                amount: currency.amount(minorUnits: try row.int64(4)), shipping: currency.amount(minorUnits: try row.int64(5)),
                restock: row.bool(6)))
        case .refundLines:
            let refund = try row.int(1)
            guard order.refunds.indices.contains(refund) else {
                throw OrderStoreError.unusable("Order \(order.id) has a refund line without its refund in the database.")
            }
            order.refunds[refund].lines.append(RefundLine(line: try row.int(2), quantity: try row.int(3)))
        case .addresses:
            let lines = row.text(4)
            let address = PostalAddress(
                name: row.optionalText(2), company: row.optionalText(3),
                lines: lines.isEmpty ? [] : lines.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                city: row.optionalText(5), postcode: row.optionalText(6), region: row.optionalText(7),
                country: row.optionalText(8), phone: row.optionalText(9))
            if row.text(1) == "shipping" { order.shippingAddress = address } else { order.billingAddress = address }
        case .trackingNumbers:
            order.trackingNumbers.append(row.text(1))
        case .noteAttributes:
            order.noteAttributes.append(NoteAttribute(key: row.text(1), value: row.text(2)))
        }
    }

    /// Fills in every child row of `orders`, whose positions `index` gives by id: `read` runs one
    /// table's select (`select(where:)` with the engine's filter) and hands each row to the closure.
    /// A row of an order not in `index` is passed over.
    static func load<Row: StoredRow>(into orders: inout [Order], index: [Int: Int],
                                     read: (StoredChildTable, (Row) throws -> Void) throws -> Void) throws {
        for table in allCases {
            try read(table) { row in
                guard let at = index[try row.int(0)] else { return }
                try table.add(row, to: &orders[at])
            }
        }
    }
}
