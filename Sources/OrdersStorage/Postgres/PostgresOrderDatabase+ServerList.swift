import Foundation
import OrdersCore

extension PostgresOrderDatabase {
    /// The planner's estimate of the orders table's rows when it says at least `threshold` (free
    /// on any size of table), else the exact count (the estimate is missing on a table never
    /// analysed, and stale just after a bulk insert).
    func orderCount(exactBelow threshold: Int) throws -> Int {
        try reading {
            let estimate = try connection.execute("SELECT reltuples::bigint FROM pg_class WHERE oid = 'orders'::regclass")
                .rows.first.map(PostgresRow.init).map { try $0.int64(0) } ?? -1
            if estimate >= threshold { return Int(estimate) }
            let exact = try connection.execute("SELECT count(*) FROM orders").rows.first.map(PostgresRow.init)
            return try exact.map { try $0.int(0) } ?? 0
        }
    }

    /// A window of the list: the query's matches from `start`, as index rows, in the query's order.
    /// Rows before a position (and the last page) are read with the reversed order, then turned around.
    func listRows(matching query: OrderQuery, from start: ListWindowStart, limit: Int) throws -> [OrderIndexRow] {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                var sql = SQLOrderQuery(query, dialect: .postgresql, keys: &keys)
                var reversed = false
                var offset = 0
                switch start {
                case .offset(let position): offset = max(position, 0)
                case .after(let cursor): sql.restrict(after: cursor, sort: query.sort)
                case .from(let cursor): sql.restrict(after: cursor, sort: query.sort, inclusive: true)
                case .before(let cursor):
                    sql.restrict(after: cursor, sort: query.sort, reversed: true)
                    reversed = true
                case .end: reversed = true
                }
                let limitPlaceholder = sql.bind(.int(max(limit, 0))), offsetPlaceholder = sql.bind(.int(offset))
                let rows = try loadIndexRows("""
                    SELECT \(OrderIndexRow.selectColumns) FROM orders WHERE \(sql.whereClause)
                    ORDER BY \(query.sort.sqlOrderBy(reversed: reversed)) LIMIT \(limitPlaceholder) OFFSET \(offsetPlaceholder)
                    """, sql.postgresParameters)
                return reversed ? rows.reversed() : rows
            }
        }
    }

    /// The query's matches per status and reporting currency: count and sum of `total_e4`.
    /// Every order (no filter) is read from the stored tally (`+Tally`), never by a scan.
    func listTally(matching query: OrderQuery) throws -> ListTally {
        if query.filters.isEmpty { return try storedTallyFoldingWhenLong() }
        return try counting {
            try connection.transaction(begin: Self.beginRead) {
                let sql = SQLOrderQuery(query, dialect: .postgresql, keys: &keys)
                var tally = ListTally()
                let rows = try connection.execute("""
                    SELECT status, coalesce(shop_currency, currency), count(*), sum(total_e4)::text FROM orders
                    WHERE \(sql.whereClause) GROUP BY 1, 2
                    """, sql.postgresParameters).rows.map(PostgresRow.init)
                for row in rows {
                    let rank = try row.int(0)
                    guard let status = OrderStatus.allCases.first(where: { $0.workflowRank == rank }) else { continue }
                    tally.countsByStatus[status, default: 0] += try row.int(2)
                    let sum = (Decimal(string: row.text(3), locale: Locale(identifier: "en_US_POSIX")) ?? 0) / 10_000
                    tally.totalsByStatus[status, default: [:]][row.text(1), default: 0] += sum
                }
                return tally
            }
        }
    }

    /// How many of the query's matches come before `cursor` in its order.
    func listPosition(of cursor: PageCursor, matching query: OrderQuery) throws -> Int {
        try counting {
            try connection.transaction(begin: Self.beginRead) {
                var sql = SQLOrderQuery(query, dialect: .postgresql, keys: &keys)
                sql.restrict(after: cursor, sort: query.sort, reversed: true)
                let row = try connection.execute("SELECT count(*) FROM orders WHERE \(sql.whereClause)", sql.postgresParameters)
                    .rows.first.map(PostgresRow.init)
                return try row.map { try $0.int(0) } ?? 0
            }
        }
    }
}
