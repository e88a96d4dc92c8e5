import Foundation
import OrdersCore

extension PostgresOrderDatabase {
    /// The query's matches per value of `field` and reporting currency: count and sum of `total_e4`,
    /// one GROUP BY (tags through their table: an order counts under each of its tags, once without).
    func listFrequency(matching query: OrderQuery, of field: FrequencyField) throws -> [FrequencyRow] {
        try counting {
            try connection.transaction(begin: Self.beginRead) {
                let sql = SQLOrderQuery(query, dialect: .postgresql, keys: &keys)
                let value: String, from: String
                switch field {
                case .status: (value, from) = ("status::text", "orders")
                case .payment: (value, from) = ("payment", "orders")
                case .fulfilment: (value, from) = ("fulfillment", "orders")
                case .customer: (value, from) = ("customer", "orders")
                case .country: (value, from) = ("country", "orders")
                case .source: (value, from) = ("source", "orders")
                case .assignee: (value, from) = ("assignee", "orders")
                case .tag: (value, from) = ("tags.tag", "orders LEFT JOIN tags ON tags.order_id = orders.id")
                }
                let rows = try connection.execute("""
                    SELECT \(value), coalesce(shop_currency, currency), count(*), sum(total_e4)::text FROM \(from)
                    WHERE \(sql.whereClause) GROUP BY 1, 2
                    """, sql.postgresParameters).rows.map(PostgresRow.init)
                return try rows.map { row in
                    let sum = (Decimal(string: row.text(3), locale: Locale(identifier: "en_US_POSIX")) ?? 0) / 10_000
                    return FrequencyRow(value: try Self.frequencyValue(row, field: field), count: try row.int(2),
                                        totals: [row.text(1): sum])
                }
            }
        }
    }

    /// A grouped value as the list names it: a status by its name (the column holds its rank).
    private static func frequencyValue(_ row: PostgresRow, field: FrequencyField) throws -> String? {
        guard let value = row.optionalText(0) else { return nil }
        guard field == .status else { return value }
        let rank = try row.int(0)
        return OrderStatus.allCases.first { $0.workflowRank == rank }?.rawValue
    }
}

extension PostgresOrderStore {
    /// A scan of the search's matches, on the counts' connection as the tally's is.
    public func listFrequency(matching query: OrderQuery, of field: FrequencyField) async throws -> [FrequencyRow] {
        try await counts.count(orOn: database) { try await $0.listFrequency(matching: query, of: field) }
    }
}
