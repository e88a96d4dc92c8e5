import Foundation
import OrdersCore

extension PostgresOrderDatabase {
    /// Up to `limit` of the query's matches in id order: id, version and number, for `*` on a served list.
    func listMarks(matching query: OrderQuery, limit: Int) throws -> [ListMark] {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                var sql = SQLOrderQuery(query, dialect: .postgresql, keys: &keys)
                let limitPlaceholder = sql.bind(.int(max(limit, 0)))
                return try connection.execute("""
                    SELECT id, version, number FROM orders WHERE \(sql.whereClause) ORDER BY id LIMIT \(limitPlaceholder)
                    """, sql.postgresParameters).rows.map(PostgresRow.init).map { row in
                    ListMark(id: OrderID(try row.int(0)), version: try row.int(1), number: row.text(2))
                }
            }
        }
    }
}

extension PostgresOrderStore {
    public func listMarks(matching query: OrderQuery, limit: Int) async throws -> [ListMark] {
        try await database.listMarks(matching: query, limit: limit)
    }
}
