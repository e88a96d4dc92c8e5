import Foundation
import OrdersCore

/// How an `Order` maps to rows of the PostgreSQL tables. The values and derived keys
/// are the SQLite store's (`OrderRows`), so both stores search and sort alike; only
/// their form differs: PostgreSQL takes every parameter as text.
enum PostgresRows {
    /// The orders columns read back, in this order, by `decodeOrder`: the SQLite store's, so one list says what an order row holds.
    static let selectColumns = OrderRows.selectColumns

    /// The orders columns written, in the order of `OrderRows.orderValues`: the SQLite store's list.
    static let orderColumns = OrderRows.writtenColumns
    /// The boolean columns among `orderColumns`: SQLite's 1 and 0 are written as PostgreSQL's true and false.
    private static let booleanColumns: Set<Int> = ["flagged", "closed", "taxes_included"]
        .reduce(into: []) { set, column in if let index = orderColumns.firstIndex(of: column) { set.insert(index) } }

    /// An order checked and converted to the parameters of each table's rows.
    struct Prepared: Sendable {
        var order: Order
        var orderRow: [String?]
        /// The rows of each child table (a table the order has no rows in is absent).
        var childRows: [StoredChildTable: [[String?]]]
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
        let orderRow = textValues(values, booleans: booleanColumns)
        var children: [StoredChildTable: [[String?]]] = [:]
        for table in StoredChildTable.allCases {
            let rows = table.rows(of: order, money: money)
            if !rows.isEmpty { children[table] = rows.map { textValues($0, booleans: table.booleanColumns) } }
        }
        return Prepared(order: order, orderRow: orderRow, childRows: children)
    }

    /// SQLite's values as PostgreSQL's text parameters, the truth values at `booleans` as true or false.
    private static func textValues(_ values: [SQLiteValue], booleans: Set<Int>) -> [String?] {
        values.enumerated().map { index, value in booleans.contains(index) ? value.postgresBoolean : value.postgresText }

    }

    /// An order from a row of `selectColumns`, without its child rows (`StoredOrderRow`, as SQLite's).
    static func decodeOrder(_ row: PostgresRow) throws -> Order {
        try StoredOrderRow.decodeOrder(row)
    }

    /// Fills in every child row of decoded orders: one query per child table (`StoredChildTable`),
    /// all sent in one round trip.
    static func loadChildren(of orders: inout [Order], from connection: PostgresConnection) throws {
        guard !orders.isEmpty else { return }
        var index: [Int: Int] = [:]
        for (position, order) in orders.enumerated() { index[order.id.number] = position }
        let ids = [PostgresArray.literal(integers: orders.map(\.id.number))]
        let tables = StoredChildTable.allCases
        let results = try connection.execute(all: tables.map { ($0.select(where: "order_id = ANY($1::bigint[])"), ids) })
        let rows = Dictionary(uniqueKeysWithValues: zip(tables, results.map(\.rows)))
        try StoredChildTable.load(into: &orders, index: index) { (table, add: (PostgresRow) throws -> Void) in
            for row in rows[table] ?? [] { try add(PostgresRow(row)) }
        }
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
