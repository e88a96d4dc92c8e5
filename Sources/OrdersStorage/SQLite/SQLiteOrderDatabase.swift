import CSQLite
import Foundation
import OrdersCore

/// Owns one SQLite connection and does all of the store's database work on its
/// own serial queue. Every call is one transaction.
actor SQLiteOrderDatabase {
    private let executor: QueueExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let path: String
    let connection: SQLiteConnection
    /// Tags this connection's rows in the change log, so it can tell others' changes from its own.
    /// A store's long-write connection shares its store's token: what it writes is the store's own.
    let writerToken: String
    var keys = SearchKeys()
    /// The last change-log entry this connection has accounted for.
    var lastSeenChange: Int64 = 0
    var lastDataVersion: Int64 = 0

    /// The match counts of the last query, reused while nothing has been written:
    /// a screen asks for a page and for the counts of the same query together.
    private var cachedSummary: (key: [SQLiteValue], dataVersion: Int64, localWrites: Int, summary: QuerySummary)?
    /// Bumped by every write through this connection (`data_version` only counts others').
    var localWrites = 0

    /// Orders touched by one write: listed for observers up to this many, else "reload all".
    static let maxListedChanges = 500

    init(path: String, options: SQLiteOrderStore.Options, writerToken: String = UUID().uuidString) throws {
        self.path = path
        self.writerToken = writerToken
        executor = QueueExecutor(label: "orders.sqlite")
        connection = try DatabaseFile.open(path: path, options: options)
        lastSeenChange = try connection.integer("SELECT coalesce(max(seq), 0) FROM change_log")
        lastDataVersion = try connection.integer("PRAGMA data_version")
    }

    /// Maps low-level failures to the store's plain-sentence errors.
    func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw DatabaseFile.storeError(error, path: path)
        }
    }

    // MARK: Reads

    func orders(matching query: OrderQuery, page: PageRequest) throws -> OrderPage {
        try guarded {
            try connection.readTransaction {
                var sql = SQLOrderQuery(query, dialect: .sqlite, keys: &keys)
                let total = try summary(of: sql).total
                var orders: [Order] = []
                if let select = sql.pageSelect(OrderRows.selectColumns, page: page, sort: query.sort, total: Int(total)) {
                    try connection.statement(select).forEachRow(sql.sqliteParameters) { orders.append(try OrderRows.decodeOrder($0)) }
                    try OrderRows.loadChildren(of: &orders, from: connection)
                }
                return OrderPage(orders: orders, totalCount: Int(total))
            }
        }
    }

    func countsByStatus(matching query: OrderQuery) throws -> [OrderStatus: Int] {
        try guarded {
            try connection.readTransaction {
                try summary(of: SQLOrderQuery(query, dialect: .sqlite, keys: &keys)).counts
            }
        }
    }

    /// How many orders match, in all and per status, in one pass over the matches
    /// (conditional sums, not GROUP BY, which would walk the status index and look up
    /// every row). Call inside a transaction.
    private func summary(of sql: SQLOrderQuery) throws -> QuerySummary {
        let key = [SQLiteValue.text(sql.whereClause)] + sql.sqliteParameters
        let dataVersion = try connection.integer("PRAGMA data_version")
        if let cached = cachedSummary, cached.key == key, cached.dataVersion == dataVersion, cached.localWrites == localWrites {
            return cached.summary
        }
        let sums = OrderStatus.allCases.map { "sum(status = \($0.workflowRank))" }.joined(separator: ", ")
        var summary = QuerySummary(total: 0, counts: [:])
        try connection.statement("SELECT count(*), \(sums) FROM orders WHERE \(sql.whereClause)").forEachRow(sql.sqliteParameters) { row in
            summary.total = row.int(0)
            for (offset, status) in OrderStatus.allCases.enumerated() where row.int(Int32(offset + 1)) > 0 {
                summary.counts[status] = row.int(Int32(offset + 1))
            }
        }
        cachedSummary = (key, dataVersion, localWrites, summary)
        return summary
    }

    /// Up to `limit` orders with ids above `afterID`, ascending.
    func batch(after afterID: Int, limit: Int) throws -> [Order] {
        try guarded {
            try connection.readTransaction {
                var orders: [Order] = []
                try connection.statement("SELECT \(OrderRows.selectColumns) FROM orders WHERE id > ? ORDER BY id LIMIT ?")
                    .forEachRow([.int(afterID), .int(limit)]) { orders.append(try OrderRows.decodeOrder($0)) }
                if let first = orders.first, let last = orders.last {
                    try OrderRows.loadChildren(of: &orders, idRange: first.id.number...last.id.number, from: connection)
                }
                return orders
            }
        }
    }

    func order(_ id: OrderID) throws -> Order? {
        try guarded { try connection.readTransaction { try loadOrder(id) } }
    }

    /// The orders with these keys, each by its key in one read transaction (a local file answers a
    /// lookup in microseconds: no round trips to save).
    func orders(withIDs ids: [Int]) throws -> [Order] {
        try guarded { try connection.readTransaction { try ids.compactMap { try loadOrder(OrderID($0)) } } }
    }

    /// The orders with a number (of one source, when named), by the (source, number) index.
    func orders(numbered reference: OrderReference) throws -> [Order] {
        try guarded {
            try connection.readTransaction {
                var orders: [Order] = []
                let sql = "SELECT \(OrderRows.selectColumns) FROM orders WHERE number = ?"
                    + (reference.source == nil ? "" : " AND source = ?") + " ORDER BY source"
                try connection.statement(sql).forEachRow([.text(reference.number)] + (reference.source.map { [.text($0)] } ?? [])) {
                    orders.append(try OrderRows.decodeOrder($0))
                }
                try OrderRows.loadChildren(of: &orders, from: connection)
                return orders
            }
        }
    }

    /// The orders of `OrderStore.orders(numberedAmong:)`: one query per source named.
    func orders(numberedAmong references: [OrderReference]) throws -> [Order] {
        try guarded { try connection.readTransaction { try ordersInTransaction(numberedAmong: references) } }
    }

    /// `orders(numberedAmong:)` inside the caller's transaction.
    func ordersInTransaction(numberedAmong references: [OrderReference]) throws -> [Order] {
        var orders: [Order] = []
        for group in OrderReference.numbersBySource(references) {
            // The (source, number) index answers both forms.
            let placeholders = Array(repeating: "?", count: group.numbers.count).joined(separator: ", ")
            let sql = "SELECT \(OrderRows.selectColumns) FROM orders WHERE "
                + (group.source == nil ? "" : "source = ? AND ") + "number IN (\(placeholders))"
            let values: [SQLiteValue] = (group.source.map { [.text($0)] } ?? []) + group.numbers.map { .text($0) }
            try connection.statement(sql).forEachRow(values) { orders.append(try OrderRows.decodeOrder($0)) }
        }
        try OrderRows.loadChildren(of: &orders, from: connection)
        return OrderReference.sortedForLookup(orders)
    }

    /// One order with its child rows; call inside a transaction.
    func loadOrder(_ id: OrderID) throws -> Order? {
        var orders: [Order] = []
        try connection.statement("SELECT \(OrderRows.selectColumns) FROM orders WHERE id = ?")
            .forEachRow([.int(id.number)]) { orders.append(try OrderRows.decodeOrder($0)) }
        try OrderRows.loadChildren(of: &orders, from: connection)
        return orders.first
    }

    func history(of id: OrderID) throws -> [AuditEntry] {
        try guarded { try auditEntries(of: id, after: nil).filter(\.isForPeople) }
    }

    /// The audit log of one order, optionally only the changes after a version, each with its version.
    func auditEntries(of id: OrderID, after version: Int?) throws -> [AuditEntry] {
        var entries: [AuditEntry] = []
        try connection.statement("""
            SELECT version, at_ms, actor, field, old_value, new_value, source, id FROM audit_log
            WHERE order_id = ? AND version > ? ORDER BY id
            """).forEachRow([.int(id.number), .int(version ?? Int.min)]) { row in
            let actor = row.text(2)
            entries.append(AuditEntry(orderID: id, at: Date(millisecondsSince1970: row.int64(1)), actor: actor,
                                      field: row.text(3), oldValue: row.optionalText(4), newValue: row.optionalText(5),
                                      version: row.int(0), source: AuditSource.stored(row.optionalText(6), actor: actor),
                                      id: row.int64(7)))
        }
        return entries
    }

    func close() {
        connection.close()
    }

    func checkpoint() throws {
        try guarded { try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    // MARK: Changes by other processes

    /// What other connections committed since the last call, or nil if nothing.
    /// `PRAGMA data_version` changes only when another connection commits, so most
    /// wake-ups (including our own writes) cost one pragma.
    func externalChanges() throws -> OrderStoreChange? {
        try guarded {
            let version = try connection.integer("PRAGMA data_version")
            guard version != lastDataVersion else { return nil }
            lastDataVersion = version
            var ids: [OrderID] = []
            var reloadAll = false
            var newest = lastSeenChange
            let oldestKept = try connection.integer("SELECT coalesce(min(seq), 0) FROM change_log")
            // Entries we never saw were pruned: say "reload" rather than guess.
            if oldestKept > lastSeenChange + 1 && lastSeenChange > 0 { reloadAll = true }
            var viewsChanged = false
            try connection.statement("SELECT seq, writer, order_id, kind FROM change_log WHERE seq > ? ORDER BY seq")
                .forEachRow([.integer(lastSeenChange)]) { row in
                    newest = row.int64(0)
                    guard row.text(1) != writerToken else { return }
                    if row.optionalText(3) == Self.viewsChangeKind {
                        viewsChanged = true
                    } else if row.isNull(2) {
                        reloadAll = true
                    } else {
                        ids.append(OrderID(row.int(2)))
                    }
                }
            lastSeenChange = newest
            // One notice per wake-up: a reload reads the views again too (`OrderListModel+LiveChanges`).
            if reloadAll || ids.count > Self.maxListedChanges || viewsChanged && !ids.isEmpty { return .reloadAll }
            if viewsChanged { return .savedViews }
            if ids.isEmpty { return nil }
            var seen = Set<OrderID>()
            return .updated(ids.filter { seen.insert($0).inserted })
        }
    }
}

/// How many orders match a query, in all and per status.
struct QuerySummary {
    var total: Int
    var counts: [OrderStatus: Int]
}
