import Foundation
import OrdersCore

/// The counts and sums of every order per status and reporting currency, from `order_tally`
/// (migration 7: rows appended by the orders' triggers) instead of a scan of the orders: what the
/// list's tabs and footer show while nothing is searched or toggled, at any size of database.
extension PostgresOrderDatabase {
    /// The tally's rows are folded into one per group once a read finds more than this many:
    /// each write statement appends a few, and a read of a thousand rows still costs under a millisecond.
    static let tallyFoldRows = 1_000

    /// Every order counted and summed per status and currency, with how many tally rows that took;
    /// call inside a read transaction.
    func storedTally() throws -> (tally: ListTally, rows: Int) {
        var tally = ListTally()
        var rowsRead = 0
        // Every group, also those whose rows cancel out (an order added and taken away): their rows count towards folding.
        let rows = try connection.execute("""
            SELECT status, currency, sum(orders)::bigint, sum(total_e4)::text, count(*) FROM order_tally GROUP BY 1, 2
            """).rows.map(PostgresRow.init)
        for row in rows {
            rowsRead += try row.int(4)
            guard try row.int(2) != 0 else { continue }
            let rank = try row.int(0)
            guard let status = OrderStatus.allCases.first(where: { $0.workflowRank == rank }) else { continue }
            tally.countsByStatus[status, default: 0] += try row.int(2)
            let sum = (Decimal(string: row.text(3), locale: Locale(identifier: "en_US_POSIX")) ?? 0) / 10_000
            tally.totalsByStatus[status, default: [:]][row.text(1), default: 0] += sum
        }
        return (tally, rowsRead)
    }

    /// Folds the tally's rows into one per group (status, currency), in one statement: rows another
    /// writer appends meanwhile are not in its snapshot and stay as they are, and a second fold at the
    /// same moment skips the rows this one deleted, so no order is counted twice or lost.
    func foldTally() throws {
        try writing {
            try connection.transaction {
                try connection.executeScript("""
                    WITH folded AS (DELETE FROM order_tally RETURNING *)
                    INSERT INTO order_tally
                        SELECT status, currency, sum(orders), sum(total_e4) FROM folded
                        GROUP BY 1, 2 HAVING sum(orders) <> 0 OR sum(total_e4) <> 0
                    """)
            }
        }
    }

    /// The stored tally, folded afterwards when it has grown long.
    func storedTallyFoldingWhenLong() throws -> ListTally {
        let (tally, rows) = try reading { try connection.transaction(begin: Self.beginRead) { try storedTally() } }
        if rows > Self.tallyFoldRows { try foldTally() }
        return tally
    }
}
