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

    /// The orders columns `orderValues` fills, in its order: what `insertOrder` writes, and what a
    /// rewrite compares (`rewrite(_:money:over:keys:in:)`).
    static let writtenColumns = [
        "id", "customer", "email", "country", "currency", "discount_minor", "shipping_minor", "tax_minor",
        "created_ms", "updated_ms", "status", "flagged", "assignee", "version",
        "total_e4", "item_count", "customer_key", "search_key", "country_key", "assignee_key", "tags_key",
        "number", "source", "shop_id", "payment", "fulfillment", "cancelled_ms", "cancel_reason", "closed", "source_status",
        "taxes_included", "stated_total_minor", "shop_currency", "shop_total_minor", "exchange_rate",
        "phone", "customer_ref", "shipping_method", "payment_method", "risk", "customer_note", "paid_ms", "fulfilled_ms",
    ] + shopSearchColumns

    static let insertOrder = "INSERT INTO orders (\(writtenColumns.joined(separator: ", "))) VALUES ("
        + Array(repeating: "?", count: writtenColumns.count).joined(separator: ", ") + ")"

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
        for (table, insert) in zip(StoredChildTable.allCases, insertStatements) {
            let rows = table.rows(of: order, money: money)
            // Most orders have no rows in most child tables: no statement is even prepared for them.
            guard !rows.isEmpty else { continue }
            let statement = try connection.statement(insert)
            for row in rows { try statement.run(row) }
        }
    }

    /// Each child table's INSERT of one row of its written columns, in `StoredChildTable.allCases`' order.
    /// The INSERT of one row of `table`.
    static func insertStatement(of table: StoredChildTable) -> String {
        insertStatements[StoredChildTable.allCases.firstIndex(of: table) ?? 0]
    }

    private static let insertStatements: [String] = StoredChildTable.allCases.map { table in
        let placeholders = Array(repeating: "?", count: table.writtenColumns.count).joined(separator: ", ")
        return "INSERT INTO \(table.name) (\(table.writtenColumns.joined(separator: ", "))) VALUES (\(placeholders))"
    }

    /// An order from a row of `selectColumns`, without its child rows (`StoredOrderRow`, as PostgreSQL's).
    static func decodeOrder(_ row: SQLiteStatement) throws -> Order {
        try StoredOrderRow.decodeOrder(SQLiteRow(statement: row))
    }

    /// Fills in the child rows of orders decoded by `decodeOrder`, one order at a time: a page of
    /// scattered ids (finding each order's rows in a range would read the orders between them too).
    static func loadChildren(of orders: inout [Order], from connection: SQLiteConnection) throws {
        for position in orders.indices {
            let id = orders[position].id.number
            try loadChildren(of: &orders, index: [id: position], where: "order_id = ?", [.int(id)], from: connection)
        }
    }

    /// Fills in the child rows of orders whose ids all lie in `ids`, reading each child table once
    /// in id order (much faster than one lookup per order when scanning a whole database).
    static func loadChildren(of orders: inout [Order], idRange ids: ClosedRange<Int>, from connection: SQLiteConnection) throws {
        var index: [Int: Int] = [:]
        index.reserveCapacity(orders.count)
        for (position, order) in orders.enumerated() { index[order.id.number] = position }
        try loadChildren(of: &orders, index: index, where: "order_id BETWEEN ? AND ?",
                         [.int(ids.lowerBound), .int(ids.upperBound)], from: connection)
    }

    /// One select per child table (`StoredChildTable`) of the rows `filter` picks with `values`.
    private static func loadChildren(of orders: inout [Order], index: [Int: Int], where filter: String, _ values: [SQLiteValue],
                                     from connection: SQLiteConnection) throws {
        guard !index.isEmpty else { return }
        try StoredChildTable.load(into: &orders, index: index) { (table, add: (SQLiteRow) throws -> Void) in
            try connection.statement(table.select(where: filter)).forEachRow(values) { try add(SQLiteRow(statement: $0)) }
        }
    }
}
