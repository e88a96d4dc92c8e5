import Foundation
import OrdersCore

/// Owns one PostgreSQL connection and does all of the store's database work on its own
/// serial queue, so libpq's blocking calls never hold Swift's cooperative threads or the
/// main actor. Every call is one transaction.
package actor PostgresOrderDatabase {
    private let executor: QueueExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let connection: PostgresConnection
    /// Cancels the statement the connection runs now, from outside the actor (which waits for it).
    nonisolated let canceller: PostgresQueryCanceller
    /// This connection's server process (a new one after a reconnection): notifications it
    /// caused are the store's own writes.
    nonisolated let backendProcess: PostgresBackendProcess
    /// Told when the connection is lost and when it is back (`+Reconnect`).
    let health: ConnectionHealthMonitor
    /// `orders copy`'s transaction spans many calls: while it is open a lost connection fails
    /// it whole, and nothing reconnects in its middle (`+Transfer`).
    var transferIsOpen = false
    /// The secondary indexes an open copy into empty tables dropped, built again before it commits
    /// (`+DeferredIndexes`).
    var deferredIndexes: [String] = []
    /// Who the server knows this connection as (`current_user`): the audit actor when none is named.
    nonisolated let currentUser: String
    var keys = SearchKeys()
    /// Whether opening created the orders tables (the database had none).
    nonisolated let createdSchema: Bool
    /// Tests only: what the next count runs first (`holdNextCount`).
    var heldCountStatement: String?

    /// Orders touched by one write: listed for observers up to this many, else "reload all".
    static let maxListedChanges = 500
    /// A read sees one snapshot: the count and the page of one query agree.
    static let beginRead = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    /// Connects and brings the schema up to date (creating it in an empty database when
    /// `mayCreateSchema`), unless `migrating` is false: the store's connection for counts
    /// (`PostgresCountsConnection`) opens after its main one has done that.
    init(connectionString: String, backendProcess: PostgresBackendProcess = PostgresBackendProcess(),
         health: ConnectionHealthMonitor = ConnectionHealthMonitor(), migrating: Bool = true,
         mayCreateSchema: Bool = true, label: String = "orders.postgres") throws {
        executor = QueueExecutor(label: label)
        self.backendProcess = backendProcess
        self.health = health
        do {
            let connection = try PostgresConnection(connectionString: connectionString)
            self.connection = connection
            canceller = connection.canceller
            createdSchema = migrating ? try PostgresSchema.migrate(connection, mayCreate: mayCreateSchema) : false
            let identity = try connection.execute("SELECT pg_backend_pid(), current_user").rows.first ?? []
            backendProcess.set(Int32(identity.first.flatMap { $0 } ?? "") ?? 0)
            currentUser = identity.dropFirst().first.flatMap { $0 } ?? ""
            connection.armCanceller()
        } catch let error as PostgresError {
            throw Self.storeError(error)
        }
    }

    /// Maps low-level failures to the store's plain-sentence errors, without reconnecting:
    /// for `orders copy`'s transaction, which a lost connection must fail whole. Reads and
    /// writes go through `reading` and `writing` (`+Reconnect`).
    func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError where error.isConnectionLost {
            // Said as for a read: a lost COMMIT of the copy may or may not have landed.
            throw Self.lostConnectionError(error, doing: .reading)
        } catch let error as PostgresError {
            throw Self.storeError(error)
        }
    }

    package static func storeError(_ error: PostgresError) -> OrderStoreError {
        .unusable("The PostgreSQL database cannot be used: \(error.sentence)" + (error.detailSentence.map { " (\($0))" } ?? "") + ".")
    }

    // MARK: Reads

    func orders(matching query: OrderQuery, page: PageRequest) throws -> OrderPage {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                var sql = SQLOrderQuery(query, dialect: .postgresql, keys: &keys)
                let total = try summary(of: sql).total
                guard let select = sql.pageSelect(PostgresRows.selectColumns, page: page, sort: query.sort, total: total) else {
                    return OrderPage(orders: [], totalCount: total)
                }
                let orders = try PostgresRows.loadOrders(select, sql.postgresParameters, from: connection)
                return OrderPage(orders: orders, totalCount: total)
            }
        }
    }

    func countsByStatus(matching query: OrderQuery) throws -> [OrderStatus: Int] {
        if query.filters.isEmpty { return try storedTallyFoldingWhenLong().countsByStatus }
        return try reading {
            try connection.transaction(begin: Self.beginRead) {
                try summary(of: SQLOrderQuery(query, dialect: .postgresql, keys: &keys)).counts
            }
        }
    }

    /// How many orders match, in all and per status (every order: from the stored tally, not a scan).
    private func summary(of sql: SQLOrderQuery) throws -> QuerySummary {
        if sql.isUnfiltered {
            let counts = try storedTally().tally.countsByStatus
            return QuerySummary(total: counts.values.reduce(0, +), counts: counts)
        }
        var summary = QuerySummary(total: 0, counts: [:])
        let rows = try connection.execute("SELECT status, count(*) FROM orders WHERE \(sql.whereClause) GROUP BY status",
                                          sql.postgresParameters).rows.map(PostgresRow.init)
        for row in rows {
            let count = try row.int(1)
            summary.total += count
            if let status = OrderStatus.allCases.first(where: { $0.workflowRank == (try? row.int(0)) }) {
                summary.counts[status] = count
            }
        }
        return summary
    }

    /// Up to `limit` orders with ids above `afterID`, ascending.
    func batch(after afterID: Int, limit: Int) throws -> [Order] {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                try PostgresRows.loadOrders("SELECT \(PostgresRows.selectColumns) FROM orders WHERE id > $1 ORDER BY id LIMIT $2",
                                            [String(afterID), String(limit)], from: connection)
            }
        }
    }

    func order(_ id: OrderID) throws -> Order? {
        try reading { try connection.transaction(begin: Self.beginRead) { try loadOrder(id) } }
    }

    /// The orders with these keys, in one query per table (the keys as one array parameter).
    func orders(withIDs ids: [Int]) throws -> [Order] {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                try PostgresRows.loadOrders("SELECT \(PostgresRows.selectColumns) FROM orders WHERE id = ANY($1::bigint[])",
                                            [PostgresArray.literal(integers: ids)], from: connection)
            }
        }
    }

    /// The orders with a number (of one source, when named), sorted by source bytewise as SQLite does.
    func orders(numbered reference: OrderReference) throws -> [Order] {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                let sql = "SELECT \(PostgresRows.selectColumns) FROM orders WHERE number = $1"
                    + (reference.source == nil ? "" : " AND source = $2") + " ORDER BY source COLLATE \"C\""
                return try PostgresRows.loadOrders(sql, [reference.number] + (reference.source.map { [$0] } ?? []), from: connection)
            }
        }
    }

    /// The orders of `OrderStore.orders(numberedAmong:)`: one query per source named, the
    /// numbers as one array parameter.
    func orders(numberedAmong references: [OrderReference]) throws -> [Order] {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                var orders: [Order] = []
                for group in OrderReference.numbersBySource(references) {
                    let numbers = PostgresArray.literal(texts: group.numbers)
                    orders += try PostgresRows.loadOrders(
                        "SELECT \(PostgresRows.selectColumns) FROM orders WHERE "
                            + (group.source == nil ? "number = ANY($1::text[])" : "source = $2 AND number = ANY($1::text[])"),
                        [numbers] + (group.source.map { [$0] } ?? []), from: connection)
                }
                return OrderReference.sortedForLookup(orders)
            }
        }
    }

    /// One order with its child rows; call inside a transaction.
    func loadOrder(_ id: OrderID) throws -> Order? {
        try PostgresRows.loadOrders("SELECT \(PostgresRows.selectColumns) FROM orders WHERE id = $1",
                                    [String(id.number)], from: connection).first
    }

    /// The stored orders of these keys with their child rows, locked until the transaction ends, by
    /// key. The row locks make concurrent writers to one order take turns: each sees the version the
    /// previous one committed. Taken in id order, so two writers of the same orders (two operators'
    /// bulk actions, an import beside an update) queue rather than deadlock.
    func lockedOrders(_ ids: [OrderID]) throws -> [OrderID: Order] {
        let orders = try PostgresRows.loadOrders(
            "SELECT \(PostgresRows.selectColumns) FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE",
            [PostgresArray.literal(integers: ids.map(\.number))], from: connection)
        return Dictionary(orders.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func history(of id: OrderID) throws -> [AuditEntry] {
        try reading { try auditEntries(of: id, after: nil).filter(\.isForPeople) }
    }

    /// The audit log of one order, optionally only the changes after a version, each with its version.
    func auditEntries(of id: OrderID, after version: Int?) throws -> [AuditEntry] {
        try connection.execute("""
            SELECT order_id, at_ms, actor, field, old_value, new_value, version, source, id FROM audit_log
            WHERE order_id = $1 AND version > $2 ORDER BY id
            """, [String(id.number), String(version ?? Int(Int32.min))]).rows.map { try Self.auditEntry(PostgresRow($0)) }
    }

    /// The whole audit log of each of these orders, oldest first, in one query (absent: no entries).
    func auditEntries(ofAll ids: [OrderID]) throws -> [OrderID: [AuditEntry]] {
        var entries: [OrderID: [AuditEntry]] = [:]
        for row in try connection.execute("""
            SELECT order_id, at_ms, actor, field, old_value, new_value, version, source, id FROM audit_log
            WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, id
            """, [PostgresArray.literal(integers: ids.map(\.number))]).rows {
            let entry = try Self.auditEntry(PostgresRow(row))
            entries[entry.orderID, default: []].append(entry)
        }
        return entries
    }

    /// An entry from a row of (order_id, at_ms, actor, field, old_value, new_value, version, source, id).
    private static func auditEntry(_ row: PostgresRow) throws -> AuditEntry {
        let actor = row.text(2)
        return AuditEntry(orderID: OrderID(try row.int(0)), at: Date(millisecondsSince1970: try row.int64(1)), actor: actor,
                          field: row.text(3), oldValue: row.optionalText(4), newValue: row.optionalText(5), version: try row.int(6),
                          source: AuditSource.stored(row.optionalText(7), actor: actor), id: try row.int64(8))
    }

    func close() {
        connection.close()
    }
}
