import Foundation
import OrdersCore

extension PostgresOrderDatabase {
    /// The dashboard's figures from grouped queries in one read transaction (one snapshot): the
    /// period's orders per day, status and reporting currency with their summed money keys; the
    /// orders still to ship per age bucket and assignee with the overdue among them; the candidates
    /// for the top customers and SKUs, then each winner counted by its own query. Every bound and
    /// rule is the Swift side's (`DashboardPeriod`, `SQLOrderQuery`): the server is given
    /// instants, never asked for a time zone, and never transfers more than a few hundred rows.
    func dashboardFigures(settings: DashboardSettings) throws -> DashboardFigures {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                let period = DashboardPeriod(settings)
                var tally = DashboardTally(days: period.days.count)
                try tallyPeriodOrders(into: &tally, period)
                try tallyOrdersToShip(into: &tally, period)
                // Grouped by the NFC form: Swift's strings (the index's counts) are equal when canonically
                // equivalent, so "José" typed composed and decomposed is one customer there, and must be here.
                let customers = try topFigures(period, filter: DashboardFigures.customerFilter) { inPeriod in
                    "SELECT normalize(customer, NFC), count(*) FROM orders WHERE \(inPeriod) GROUP BY 1"
                }
                // Orders, not lines: an order with a SKU on two lines counts once.
                let skus = try topFigures(period, filter: DashboardFigures.skuFilter) { inPeriod in
                    """
                    SELECT normalize(sku, NFC), count(DISTINCT order_id) FROM line_items
                    WHERE order_id IN (SELECT id FROM orders WHERE \(inPeriod)) GROUP BY 1
                    """
                }
                return DashboardFigures.assemble(tally, topCustomers: customers, topSKUs: skus, period: period)
            }
        }
    }

    /// The period's orders per day (`width_bucket` over the midnights, given as instants), status
    /// and reporting currency: counts and exact sums of `total_e4`.
    private func tallyPeriodOrders(into tally: inout DashboardTally, _ period: DashboardPeriod) throws {
        var sql = SQLOrderQuery(OrderQuery(filters: period.filters), dialect: .postgresql, keys: &keys)
        let midnights = sql.bind(.text(PostgresArray.literal(integers: period.days.midnights.map {
            Int(SQLOrderQuery.ceilingMilliseconds($0))
        })))
        let rows = try connection.execute("""
            SELECT width_bucket(created_ms, \(midnights)::bigint[]), status, coalesce(shop_currency, currency),
                   count(*), sum(total_e4)::text
            FROM orders WHERE \(sql.whereClause) GROUP BY 1, 2, 3
            """, sql.postgresParameters).rows.map(PostgresRow.init)
        for row in rows {
            // Bucket n holds the orders from the nth midnight on: day n − 1.
            let day = try row.int(0) - 1
            guard tally.perDay.indices.contains(day) else {
                throw OrderStoreError.unusable("The server placed orders outside the dashboard's period.")
            }
            tally.addPeriodOrders(try row.int(3), day: day, status: try Self.status(rank: row.int(1)),
                                  currency: try Self.currency(row.text(2)), total: try Self.amount(ofKeySum: row.text(4)))
        }
    }

    /// The orders still to ship per age bucket and assignee as written (none: the unassigned), with
    /// the overdue among them (the `overdue` term's own SQL) and the first order of each spelling.
    private func tallyOrdersToShip(into tally: inout DashboardTally, _ period: DashboardPeriod) throws {
        var sql = SQLOrderQuery(OrderQuery(filters: [DashboardFigures.stillToShip]), dialect: .postgresql, keys: &keys)
        let overdue = period.overdueFilter.map { sql.condition(of: [$0], keys: &keys) } ?? "FALSE"
        // The buckets' lower bounds, youngest bucket last, so `width_bucket` counts the bounds an order is past.
        let bounded = AgeBucket.allCases.filter { $0.oldestCreation(now: period.now) != nil }
        let starts = bounded.reversed().compactMap { $0.oldestCreation(now: period.now) }
        let bounds = sql.bind(.text(PostgresArray.literal(integers: starts.map { Int(SQLOrderQuery.ceilingMilliseconds($0)) })))
        let rows = try connection.execute("""
            SELECT width_bucket(created_ms, \(bounds)::bigint[]), assignee, count(*),
                   count(*) FILTER (WHERE \(overdue)), min(id)
            FROM orders WHERE \(sql.whereClause) GROUP BY 1, 2
            """, sql.postgresParameters).rows.map(PostgresRow.init)
        var spellings: [String: DashboardTally.Assignee] = [:]
        for row in rows {
            // Past every bound: the youngest bucket; past none: the oldest (`AgeBucket.of`).
            let bucket = bounded.count - (try row.int(0))
            guard AgeBucket(rawValue: bucket) != nil else {
                throw OrderStoreError.unusable("The server placed an order outside the dashboard's age buckets.")
            }
            let count = try row.int(2), late = try row.int(3)
            tally.open[bucket] += count
            tally.overdue[bucket] += late
            guard let name = row.optionalText(1) else {
                // No assignee: `assignee:none`'s own SQL (`assignee IS NULL`).
                tally.unassigned += count
                tally.unassignedOverdue += late
                continue
            }
            let first = try row.int(4)
            var spelling = spellings[name] ?? DashboardTally.Assignee(name: name, open: 0, overdue: 0, first: first)
            spelling.open += count
            spelling.overdue += late
            spelling.first = min(spelling.first, first)
            spellings[name] = spelling
        }
        tally.assignees = Array(spellings.values)
    }

    /// The top names of `candidates` (a query of name and count over the orders of the condition it
    /// is given: the period's), each counted by its
    /// own query over the period. Only the names that can make the top list are read: those counted
    /// more than the `topCount`th count, and the first `topCount` at that count by Swift's order of
    /// names (Unicode scalars of the NFC form, as `normalize(…, NFC)` under the "C" collation).
    private func topFigures(_ period: DashboardPeriod, filter: (String) -> OrderFilter,
                            candidates: (String) -> String) throws -> [RankedFigure] {
        let topCount = period.settings.topCount
        guard topCount > 0 else { return [] }
        var sql = SQLOrderQuery(OrderQuery(filters: period.filters), dialect: .postgresql, keys: &keys)
        let last = sql.bind(.int(topCount - 1)), limit = sql.bind(.int(topCount))
        let counted = candidates(sql.whereClause)
        let rows = try connection.execute("""
            WITH counted (name, n) AS (\(counted)),
                 cutoff AS (SELECT coalesce((SELECT n FROM counted ORDER BY n DESC LIMIT 1 OFFSET \(last)), 0) AS n)
            SELECT name, n FROM counted WHERE n > (SELECT n FROM cutoff)
            UNION ALL
            (SELECT name, n FROM counted WHERE n = (SELECT n FROM cutoff)
             ORDER BY normalize(name, NFC) COLLATE "C" LIMIT \(limit))
            """, sql.postgresParameters).rows.map(PostgresRow.init)
        var named: [String: Int] = [:]
        for row in rows { named[row.text(0), default: 0] += try row.int(1) }
        return try DashboardFigures.topFigures(named, period: period, filter: filter) { filters in
            try countInPeriod(filters, period)
        }
    }

    /// How many of the period's orders each filter selects, in one pass over the period.
    private func countInPeriod(_ filters: [OrderFilter], _ period: DashboardPeriod) throws -> [Int] {
        var sql = SQLOrderQuery(OrderQuery(filters: period.filters), dialect: .postgresql, keys: &keys)
        var columns: [String] = []
        for filter in filters { columns.append("count(*) FILTER (WHERE \(sql.condition(of: [filter], keys: &keys)))") }
        guard let row = try connection.execute("SELECT \(columns.joined(separator: ", ")) FROM orders WHERE \(sql.whereClause)",
                                               sql.postgresParameters).rows.first.map(PostgresRow.init) else {
            throw OrderStoreError.unusable("The server did not count the dashboard's top orders.")
        }
        return try filters.indices.map { try row.int($0) }
    }

    private static func status(rank: Int) throws -> OrderStatus {
        guard let status = OrderStatus.allCases.first(where: { $0.workflowRank == rank }) else {
            throw OrderStoreError.unusable("An order has an unknown status \(rank) in the database.")
        }
        return status
    }

    private static func currency(_ code: String) throws -> Currency {
        guard let currency = Currency.named(code) else {
            throw OrderStoreError.unusable("An order has an unknown currency \"\(code)\" in the database.")
        }
        return currency
    }

    /// The amount a sum of money keys (`total_e4`, 10⁻⁴ units) stands for, exactly.
    private static func amount(ofKeySum text: String) throws -> Decimal {
        guard let sum = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw OrderStoreError.unusable("The server summed the dashboard's money as \"\(text)\", which is not a number.")
        }
        return sum / OrderIndexRow.keyFactor
    }
}
