import Foundation
import OrdersCore

/// How an `Order` maps to rows of the PostgreSQL tables. The values and derived keys
/// are the SQLite store's (`OrderRows`), so both stores search and sort alike; only
/// their form differs: PostgreSQL takes every parameter as text.
enum PostgresRows {
    /// The orders columns read back, in this order, by `decodeOrder`: the SQLite store's, so one list says what an order row holds.
    static let selectColumns = OrderRows.selectColumns

    /// The orders columns written, in the order of `OrderRows.orderValues`.
    static let orderColumns = [
        "id", "customer", "email", "country", "currency", "discount_minor", "shipping_minor", "tax_minor",
        "created_ms", "updated_ms", "status", "flagged", "assignee", "version",
        "total_e4", "item_count", "customer_key", "search_key", "country_key", "assignee_key", "tags_key",
        "number", "source", "shop_id", "payment", "fulfillment", "cancelled_ms", "cancel_reason", "closed", "source_status",
        "taxes_included", "stated_total_minor", "shop_currency", "shop_total_minor", "exchange_rate",
        "phone", "customer_ref", "shipping_method", "payment_method", "risk", "customer_note", "paid_ms", "fulfilled_ms",
    ] + OrderRows.shopSearchColumns
    /// The boolean columns among `orderColumns`: SQLite's 1 and 0 are written as PostgreSQL's true and false.
    private static let booleanColumns: Set<Int> = ["flagged", "closed", "taxes_included"]
        .reduce(into: []) { set, column in if let index = orderColumns.firstIndex(of: column) { set.insert(index) } }

    /// A table of rows that belong to one order, written with it and replaced with it.
    struct ChildTable: Hashable, Sendable {
        let name: String
        let columns: [String]
    }

    static let lineItems = ChildTable(name: "line_items", columns: [
        "order_id", "position", "sku", "title", "quantity", "unit_price_minor", "fulfilled_quantity", "line_total_minor",
    ])
    static let tags = ChildTable(name: "tags", columns: ["order_id", "position", "tag"])
    static let notes = ChildTable(name: "notes", columns: ["order_id", "position", "created_ms", "author", "text"])
    static let discountCodes = ChildTable(name: "discount_codes", columns: ["order_id", "position", "code", "amount_minor"])
    static let adjustments = ChildTable(name: "adjustments", columns: ["order_id", "position", "kind", "label", "amount_minor"])
    static let refunds = ChildTable(name: "refunds", columns: [
        "order_id", "position", "refund_id", "created_ms", "reason", "amount_minor", "shipping_minor", "restock",
    ])
    static let refundLines = ChildTable(name: "refund_lines", columns: ["order_id", "refund_position", "position", "line_position", "quantity"])
    static let addresses = ChildTable(name: "addresses", columns: [
        "order_id", "kind", "name", "company", "lines", "city", "postcode", "region", "country", "phone",
    ])
    static let trackingNumbers = ChildTable(name: "tracking_numbers", columns: ["order_id", "position", "number"])
    static let noteAttributes = ChildTable(name: "note_attributes", columns: ["order_id", "position", "key", "value"])

    /// Every child table, in the order they are written: a refund's lines after the refund they reference.
    static let childTables = [lineItems, tags, notes, discountCodes, adjustments, refunds, refundLines,
                              addresses, trackingNumbers, noteAttributes]

    /// Deletes every child row of the orders $1 (an array of keys) in one round trip (data-modifying WITH clauses all run).
    static let deleteChildren: String = {
        let deletes = childTables.map { "DELETE FROM \($0.name) WHERE order_id = ANY($1::bigint[])" }
        let clauses = deletes.dropLast().enumerated().map { index, delete in "deleted\(index) AS (\(delete))" }
        return "WITH " + clauses.joined(separator: ", ") + " " + (deletes.last ?? "")
    }()

    /// An order checked and converted to the parameters of each table's rows.
    struct Prepared: Sendable {
        var order: Order
        var orderRow: [String?]
        /// The rows of each child table (a table the order has no rows in is absent).
        var childRows: [ChildTable: [[String?]]]
    }

    /// Checks the domain rules and converts every order; runs before the database actor is
    /// entered, so a large batch is prepared off the connection's queue.
    static func prepare(_ orders: [Order]) throws -> [Prepared] {
        try StoreRules.validate(orders)
        var keys = SearchKeys()
        return try orders.map { try prepare($0, keys: &keys) }
    }

    /// One order's rows (not validated here: `update` has applied the domain's own rules).
    static func prepare(_ order: Order, keys: inout SearchKeys) throws -> Prepared {
        let money = try OrderRows.Money(order)
        let values = OrderRows.orderValues(order, money: money, keys: &keys)
        let orderRow = values.enumerated().map { index, value in
            booleanColumns.contains(index) ? value.postgresBoolean : value.postgresText
        }
        let id = String(order.id.number)
        var children: [ChildTable: [[String?]]] = [:]
        children[lineItems] = order.items.enumerated().map { position, item -> [String?] in
            [id, String(position), item.sku, item.title, String(item.quantity), String(money.unitPrices[position]),
             String(item.fulfilledQuantity), money.statedLineTotals[position].map { String($0) }]
        }
        children[tags] = order.tags.enumerated().map { position, tag -> [String?] in [id, String(position), tag] }
        children[notes] = order.notes.enumerated().map { position, note -> [String?] in
            [id, String(position), String(note.createdAt.millisecondsSince1970), note.author, note.text]
        }
        moneyChildRows(of: order, money: money, into: &children)
        peopleChildRows(of: order, into: &children)
        return Prepared(order: order, orderRow: orderRow, childRows: children.filter { !$0.value.isEmpty })
    }

    /// An order from a row of `selectColumns`, without its child rows (`StoredOrderRow`, as SQLite's).
    static func decodeOrder(_ row: PostgresRow) throws -> Order {
        try StoredOrderRow.decodeOrder(row)
    }

    /// Fills in every child row of decoded orders: one query per child table.
    static func loadChildren(of orders: inout [Order], from connection: PostgresConnection) throws {
        guard !orders.isEmpty else { return }
        var index: [Int: Int] = [:]
        for (position, order) in orders.enumerated() { index[order.id.number] = position }
        let ids = [PostgresArray.literal(integers: orders.map(\.id.number))]
        for row in try connection.execute("""
            SELECT order_id, sku, title, quantity, unit_price_minor, fulfilled_quantity, line_total_minor FROM line_items
            WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position
            """, ids).rows.map(PostgresRow.init) {
            guard let at = index[try row.int(0)] else { continue }
            let currency = orders[at].currency
            orders[at].items.append(LineItem(sku: row.text(1), title: row.text(2), quantity: try row.int(3),
                                             unitPrice: currency.amount(minorUnits: try row.int64(4)), fulfilledQuantity: try row.int(5),
                                             statedLineTotal: try row.optionalInt64(6).map { currency.amount(minorUnits: $0) }))
        }
        for row in try connection.execute(
            "SELECT order_id, tag FROM tags WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position", ids
        ).rows.map(PostgresRow.init) {
            guard let at = index[try row.int(0)] else { continue }
            orders[at].tags.append(row.text(1))
        }
        for row in try connection.execute("""
            SELECT order_id, created_ms, author, text FROM notes
            WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position
            """, ids).rows.map(PostgresRow.init) {
            guard let at = index[try row.int(0)] else { continue }
            orders[at].notes.append(OrderNote(createdAt: Date(millisecondsSince1970: try row.int64(1)),
                                              author: row.text(2), text: row.text(3)))
        }
        try loadMoneyChildren(of: &orders, index: index, ids: ids, from: connection)
        try loadPeopleRows(of: &orders, index: index, ids: ids, from: connection)
    }

    /// Orders selected by `sql` (which selects `selectColumns`), with their child rows.
    static func loadOrders(_ sql: String, _ parameters: [String?], from connection: PostgresConnection) throws -> [Order] {
        var orders = try connection.execute(sql, parameters).rows.map { try decodeOrder(PostgresRow($0)) }
        try loadChildren(of: &orders, from: connection)
        return orders
    }
}

extension SQLiteValue {
    /// The value as a PostgreSQL text parameter.
    var postgresText: String? {
        switch self {
        case .null: nil
        case .integer(let number): String(number)
        case .text(let text): text
        }
    }

    /// A SQLite truth value (1 or 0) as a PostgreSQL boolean parameter.
    var postgresBoolean: String? {
        switch self {
        case .null: nil
        case .integer(let number): number != 0 ? "true" : "false"
        case .text(let text): text
        }
    }
}
