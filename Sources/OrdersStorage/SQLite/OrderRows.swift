import Foundation
import OrdersCore

/// How an `Order` maps to rows of the orders, line_items, tags and notes tables.
enum OrderRows {
    /// The orders columns read back, in this order, by `decodeOrder`.
    static let selectColumns = """
        id, customer, email, country, currency, discount_minor, shipping_minor, tax_minor,
        created_ms, updated_ms, status, flagged, assignee, version, number, source, shop_id,
        payment, fulfillment, cancelled_ms, cancel_reason, closed, source_status, taxes_included, stated_total_minor,
        shop_currency, shop_total_minor, exchange_rate, phone, customer_ref, shipping_method, payment_method,
        risk, customer_note, paid_ms, fulfilled_ms
        """

    static let insertOrder = """
        INSERT INTO orders (id, customer, email, country, currency, discount_minor, shipping_minor, tax_minor,
            created_ms, updated_ms, status, flagged, assignee, version,
            total_e4, item_count, customer_key, search_key, country_key, assignee_key, tags_key,
            number, source, shop_id, payment, fulfillment, cancelled_ms, cancel_reason, closed, source_status,
            taxes_included, stated_total_minor, shop_currency, shop_total_minor, exchange_rate,
            phone, customer_ref, shipping_method, payment_method, risk, customer_note, paid_ms, fulfilled_ms,
            outstanding_e4, city_key, postcode_key, customer_group)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let insertItem = """
        INSERT INTO line_items (order_id, position, sku, title, quantity, unit_price_minor, fulfilled_quantity, line_total_minor)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let insertTag = "INSERT INTO tags (order_id, position, tag) VALUES (?, ?, ?)"
    static let insertNote = "INSERT INTO notes (order_id, position, created_ms, author, text) VALUES (?, ?, ?, ?, ?)"
    static let insertDiscountCode = "INSERT INTO discount_codes (order_id, position, code, amount_minor) VALUES (?, ?, ?, ?)"
    static let insertAdjustment = "INSERT INTO adjustments (order_id, position, kind, label, amount_minor) VALUES (?, ?, ?, ?, ?)"
    static let insertRefund = """
        INSERT INTO refunds (order_id, position, refund_id, created_ms, reason, amount_minor, shipping_minor, restock)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let insertRefundLine = """
        INSERT INTO refund_lines (order_id, refund_position, position, line_position, quantity) VALUES (?, ?, ?, ?, ?)
        """

    static let selectItems = """
        SELECT sku, title, quantity, unit_price_minor, fulfilled_quantity, line_total_minor FROM line_items
        WHERE order_id = ? ORDER BY position
        """
    static let selectTags = "SELECT tag FROM tags WHERE order_id = ? ORDER BY position"
    static let selectNotes = "SELECT created_ms, author, text FROM notes WHERE order_id = ? ORDER BY position"

    /// An order's money in whole minor units, converted once per write.
    struct Money: Sendable {
        var discount: Int64
        var shipping: Int64
        var tax: Int64
        var unitPrices: [Int64]
        /// Per line: its stated total (`LineItem.statedLineTotal`), nil for a line of unit price × quantity.
        var statedLineTotals: [Int64?]
        var discountCodes: [Int64]
        var adjustments: [Int64]
        var statedTotal: Int64?
        var shopTotal: Int64?
        /// Per refund: its amount and the shipping in it.
        var refunds: [(amount: Int64, shipping: Int64)]
        /// The total in 1/10 000ths: the `total_e4` sort and filter key.
        var totalKey: Int64
        /// `Order.outstanding` in 1/10 000ths of the order's currency: the `outstanding_e4` filter key.
        var outstandingKey: Int64

        init(_ order: Order) throws {
            let currency = order.currency
            discount = try OrderRows.minor(order.discount, currency, order.id, "discount")
            shipping = try OrderRows.minor(order.shipping, currency, order.id, "shipping")
            tax = try OrderRows.minor(order.tax, currency, order.id, "tax")
            unitPrices = try order.items.enumerated().map { index, item in
                try OrderRows.minor(item.unitPrice, currency, order.id, "items[\(index)].unit_price")
            }
            statedLineTotals = try order.items.enumerated().map { index, item in
                try item.statedLineTotal.map { try OrderRows.minor($0, currency, order.id, "items[\(index)].line_total") }
            }
            discountCodes = try order.discountCodes.enumerated().map { index, code in
                try OrderRows.minor(code.amount, currency, order.id, "discount_codes[\(index)].amount")
            }
            adjustments = try order.adjustments.enumerated().map { index, adjustment in
                try OrderRows.minor(adjustment.amount, currency, order.id, "adjustments[\(index)].amount")
            }
            statedTotal = try order.statedTotal.map { try OrderRows.minor($0, currency, order.id, "stated_total") }
            let reporting = order.reportingCurrency
            shopTotal = try order.shopTotal.map { try OrderRows.minor($0, reporting, order.id, "shop_total") }
            refunds = try order.refunds.enumerated().map { index, refund in
                (try OrderRows.minor(refund.amount, currency, order.id, "refunds[\(index)].amount"),
                 try OrderRows.minor(refund.shipping, currency, order.id, "refunds[\(index)].shipping"))
            }
            // Exact in integers: with representable prices the currency rounding in
            // `Order.total` changes nothing, so this equals `TotalKey.of(order.total)`.
            for currency in [reporting, currency] where currency.minorUnits > 4 {
                throw OrderStoreError.invalidOrder(order.id, [OrderValidationIssue(
                    field: "currency", problem: "\(currency.code) has more than four decimals, which this store cannot sort by")])
            }
            // Validated orders stay far inside 64 bits (`MoneyLimits`); the checked
            // arithmetic makes an unvalidated one a refusal rather than a trap.
            var subtotal: Int64? = 0
            for (index, item) in order.items.enumerated() {
                let line = statedLineTotals[index] ?? unitPrices[index].multipliedChecked(by: Int64(item.quantity))
                subtotal = line.flatMap { subtotal?.addingChecked($0) }
            }
            var adjustmentSum: Int64? = 0
            for amount in adjustments { adjustmentSum = adjustmentSum?.addingChecked(amount) }
            var refundedSum: Int64? = 0
            for refund in refunds { refundedSum = refundedSum?.addingChecked(refund.amount) }
            var orderTotal: Int64?
            if let subtotal, let adjustmentSum {
                orderTotal = Order.total(subtotal: subtotal, discount: discount, shipping: shipping, adjustments: adjustmentSum,
                                         tax: tax, taxesIncluded: order.taxesIncluded)
            }
            // The key compares what the shop reports: its own total when it has one (`Order.reportingTotal`).
            var key: Int64?
            if let shopTotal {
                key = shopTotal.multipliedChecked(by: Self.keyScale(reporting))
            } else {
                key = orderTotal?.multipliedChecked(by: Self.keyScale(currency))
            }
            // `Order.outstanding`: total − refunded, in the order's own currency.
            var outstanding: Int64?
            if let orderTotal, let refundedSum {
                outstanding = orderTotal.subtractingChecked(refundedSum)?.multipliedChecked(by: Self.keyScale(currency))
            }
            guard let key, let outstanding else {
                throw OrderStoreError.invalidOrder(order.id, [OrderValidationIssue(field: "total", problem: MoneyLimits.tooLarge(order.total))])
            }
            totalKey = key
            outstandingKey = outstanding
        }

        /// What turns minor units of `currency` into 1/10 000ths.
        private static func keyScale(_ currency: Currency) -> Int64 {
            var scale: Int64 = 1
            for _ in 0..<max(0, 4 - currency.minorUnits) { scale *= 10 }
            return scale
        }
    }

    /// An order checked and converted to row values, ready to write.
    struct Prepared: Sendable {
        var order: Order
        var money: Money
        var values: [SQLiteValue]
    }

    /// Checks the domain rules and converts every order to row values. Runs before
    /// the database actor is entered, so a bulk insert prepares one batch on one core
    /// while SQLite writes the previous batch on the other.
    static func prepare(_ orders: [Order]) throws -> [Prepared] {
        try StoreRules.validate(orders)
        var keys = SearchKeys()
        return try orders.map { order in
            let money = try Money(order)
            return Prepared(order: order, money: money, values: orderValues(order, money: money, keys: &keys))
        }
    }

    /// The values for `insertOrder`, including the derived query keys.
    static func orderValues(_ order: Order, money: Money, keys: inout SearchKeys) -> [SQLiteValue] {
        [
            .int(order.id.number), .text(order.customerName), .text(order.email), .text(order.country),
            .text(order.currency.code), .integer(money.discount), .integer(money.shipping), .integer(money.tax),
            .integer(order.createdAt.millisecondsSince1970), .integer(order.updatedAt.millisecondsSince1970),
            .int(order.status.workflowRank), .bool(order.flagged), .optionalText(order.assignee), .int(order.version),
            .integer(money.totalKey), .int(order.itemCount), .text(keys.fold(order.customerName)),
            .text(keys.searchKey(for: order)), .text(order.country.uppercased()),
            .optionalText(order.assignee.map { keys.fold($0) }), .text(keys.tagsKey(for: order.tags)),
            .text(order.number), .text(order.source), .optionalText(order.shopOrderID),
            .text(order.payment.rawValue), .text(order.fulfillment.rawValue),
            order.cancelledAt.map { .integer($0.millisecondsSince1970) } ?? .null, .optionalText(order.cancelReason),
            .bool(order.isClosed), .optionalText(order.sourceStatus),
            .bool(order.taxesIncluded), money.statedTotal.map { .integer($0) } ?? .null,
            .optionalText(order.shopCurrency?.code), money.shopTotal.map { .integer($0) } ?? .null,
            .optionalText(order.exchangeRate.map(MoneyLimits.plain)),
            .optionalText(order.phone), .optionalText(order.customerKey), .optionalText(order.shippingMethod),
            .optionalText(order.paymentMethod), .optionalText(order.riskLevel?.rawValue), .optionalText(order.customerNote),
            order.paidAt.map { .integer($0.millisecondsSince1970) } ?? .null,
            order.fulfilledAt.map { .integer($0.millisecondsSince1970) } ?? .null,
        ] + shopSearchValues(order, money: money, keys: &keys)
    }

    /// The keys of the shop's search terms, in the order of `shopSearchColumns`.
    static func shopSearchValues(_ order: Order, money: Money, keys: inout SearchKeys) -> [SQLiteValue] {
        [.integer(money.outstandingKey), .text(keys.addressKey(\.city, of: order)), .text(keys.addressKey(\.postcode, of: order)),
         .optionalText(order.customerGroup)]
    }

    /// The columns `shopSearchValues` fills.
    static let shopSearchColumns = ["outstanding_e4", "city_key", "postcode_key", "customer_group"]

    static func minor(_ amount: Decimal, _ currency: Currency, _ id: OrderID, _ field: String) throws -> Int64 {
        guard let minor = currency.minorUnits(of: amount) else {
            throw OrderStoreError.invalidOrder(id, [OrderValidationIssue(field: field, problem: "has more decimals than \(currency.code) allows")])
        }
        return minor
    }

    /// Writes the child rows of one order (the order row must exist or be written in the same transaction).
    static func insertChildren(of order: Order, money: Money, into connection: SQLiteConnection) throws {
        let id = SQLiteValue.int(order.id.number)
        let items = try connection.statement(insertItem)
        for (position, item) in order.items.enumerated() {
            try items.run([id, .int(position), .text(item.sku), .text(item.title), .int(item.quantity),
                           .integer(money.unitPrices[position]), .int(item.fulfilledQuantity),
                           money.statedLineTotals[position].map { .integer($0) } ?? .null])
        }
        let tags = try connection.statement(insertTag)
        for (position, tag) in order.tags.enumerated() {
            try tags.run([id, .int(position), .text(tag)])
        }
        let notes = try connection.statement(insertNote)
        for (position, note) in order.notes.enumerated() {
            try notes.run([id, .int(position), .integer(note.createdAt.millisecondsSince1970), .text(note.author), .text(note.text)])
        }
        // Most orders have none of these: no statement is even prepared for them.
        try insertPeopleRows(of: order, into: connection)
        if !order.discountCodes.isEmpty {
            let codes = try connection.statement(insertDiscountCode)
            for (position, (code, amount)) in zip(order.discountCodes, money.discountCodes).enumerated() {
                try codes.run([id, .int(position), .text(code.code), .integer(amount)])
            }
        }
        if !order.adjustments.isEmpty {
            let adjustments = try connection.statement(insertAdjustment)
            for (position, (adjustment, amount)) in zip(order.adjustments, money.adjustments).enumerated() {
                try adjustments.run([id, .int(position), .text(adjustment.kind.rawValue), .text(adjustment.label), .integer(amount)])
            }
        }
        if !order.refunds.isEmpty {
            let refunds = try connection.statement(insertRefund)
            let lines = try connection.statement(insertRefundLine)
            for (position, (refund, amounts)) in zip(order.refunds, money.refunds).enumerated() {
                try refunds.run([id, .int(position), .text(refund.id), .integer(refund.createdAt.millisecondsSince1970),
                                 .optionalText(refund.reason), .integer(amounts.amount), .integer(amounts.shipping),
                                 .bool(refund.restock)])
                for (linePosition, line) in refund.lines.enumerated() {
                    try lines.run([id, .int(position), .int(linePosition), .int(line.line), .int(line.quantity)])
                }
            }
        }
    }

    static func deleteChildren(of id: OrderID, in connection: SQLiteConnection) throws {
        for table in ["DELETE FROM line_items WHERE order_id = ?", "DELETE FROM tags WHERE order_id = ?",
                      "DELETE FROM notes WHERE order_id = ?", "DELETE FROM discount_codes WHERE order_id = ?",
                      "DELETE FROM adjustments WHERE order_id = ?", "DELETE FROM refunds WHERE order_id = ?",
                      "DELETE FROM refund_lines WHERE order_id = ?", "DELETE FROM addresses WHERE order_id = ?",
                      "DELETE FROM tracking_numbers WHERE order_id = ?", "DELETE FROM note_attributes WHERE order_id = ?"] {
            try connection.statement(table).run([.int(id.number)])
        }
    }

    /// An order from a row of `selectColumns`, without its child rows (`StoredOrderRow`, as PostgreSQL's).
    static func decodeOrder(_ row: SQLiteStatement) throws -> Order {
        try StoredOrderRow.decodeOrder(SQLiteRow(statement: row))
    }

    /// Fills in line items, tags and notes of orders decoded by `decodeOrder`.
    static func loadChildren(of orders: inout [Order], from connection: SQLiteConnection) throws {
        let items = try connection.statement(selectItems)
        let tags = try connection.statement(selectTags)
        let notes = try connection.statement(selectNotes)
        for index in orders.indices {
            let id = SQLiteValue.int(orders[index].id.number)
            let currency = orders[index].currency
            try items.forEachRow([id]) { row in
                orders[index].items.append(LineItem(sku: row.text(0), title: row.text(1), quantity: row.int(2),
                                                    unitPrice: currency.amount(minorUnits: row.int64(3)),
                                                    fulfilledQuantity: row.int(4),
                                                    statedLineTotal: row.isNull(5) ? nil : currency.amount(minorUnits: row.int64(5))))
            }
            try tags.forEachRow([id]) { orders[index].tags.append($0.text(0)) }
            try notes.forEachRow([id]) { row in
                orders[index].notes.append(OrderNote(createdAt: Date(millisecondsSince1970: row.int64(0)),
                                                     author: row.text(1), text: row.text(2)))
            }
        }
        for position in orders.indices {
            try loadMoneyChildren(ofOrderAt: position, in: &orders, from: connection)
        }
    }
}
