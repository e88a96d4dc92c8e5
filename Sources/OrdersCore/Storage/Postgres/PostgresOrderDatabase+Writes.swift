import Foundation

extension PostgresOrderDatabase {
    /// Inserts all orders in one transaction; returns what observers should hear.
    func insert(_ orders: [PostgresRows.Prepared]) throws -> OrderStoreChange? {
        try writing {
            try connection.transaction {
                try refuseTaken(orders.map(\.order), replacing: [])
                try insertRows(orders)
                return Self.change(orders.map(\.order.id))
            }
        }
    }

    /// Inserts new orders and replaces existing ones, in one transaction: an import's write.
    func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], at date: Date,
                audit: [AuditEntry] = []) throws -> OrderStoreChange? {
        var seen = Set<OrderID>()
        for order in orders where !seen.insert(order.id).inserted { throw OrderStoreError.duplicateID(order.id) }
        return try writing {
            try connection.transaction { Self.change(try upsertRows(orders, actor: actor, expectedVersions: expectedVersions, at: date,
                                                                    audit: audit, door: .import)) }
        }
    }

    /// Inserts new orders and replaces existing ones inside the caller's transaction; returns the
    /// keys of the orders written (an order the same as the stored one is not).
    /// `audit` (`OrderStore.upsert`) is written after the replacement's entry, at the written version;
    /// `door` is the entries' source (an import, or a shop's pull).
    func upsertRows(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], at date: Date,
                    audit: [AuditEntry] = [], door: AuditSource) throws -> [OrderID] {
        let applied = Dictionary(grouping: audit, by: \.orderID)
        // Locked: a concurrent update of one of these orders waits for this import, then conflicts.
        let existing = try PostgresRows.loadOrders(
            "SELECT \(PostgresRows.selectColumns) FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE",
            [PostgresArray.literal(integers: orders.map(\.id.number))], from: connection)
        let stored = Dictionary(existing.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var written: [Order] = []
        var replaced: [OrderID] = []
        var entries: [(AuditEntry, Int)] = []
        for var order in orders {
            try StoreRules.checkVersion(of: stored[order.id], id: order.id, expected: expectedVersions[order.id])
            if let current = stored[order.id] {
                if StoreRules.isSame(order, as: current) { continue }
                order.version = max(order.version, current.version + 1)
                replaced.append(order.id)
                entries.append((AuditEntry.replacedByImport(order.id, at: date, actor: actor, version: current.version)
                                    .stamped(writtenBy: door), order.version))
            }
            entries += (applied[order.id] ?? []).map { ($0.stamped(writtenBy: door), order.version) }
            written.append(order)
        }
        if !replaced.isEmpty {
            // The child rows go with their order (ON DELETE CASCADE); the audit log stays.
            try connection.execute("DELETE FROM orders WHERE id = ANY($1::bigint[])",
                                   [PostgresArray.literal(integers: replaced.map(\.number))])
        }
        try refuseTaken(written, replacing: Set(replaced))
        try insertRows(written.map { try PostgresRows.prepare($0, keys: &keys) })
        try appendAudit(entries)
        return written.map(\.id)
    }

    /// Applies mutations if the order is still at `expectedVersion`. Returns the stored
    /// order and whether anything changed.
    func update(_ id: OrderID, expectedVersion: Int, mutations: [OrderMutation], actor: String, at date: Date)
        throws -> (Order, OrderStoreChange?) {
        try writing {
            try connection.transaction {
                // The row lock makes concurrent writers to one order take turns: each sees the
                // version the previous one committed, so a stale one gets a conflict, and
                // appends (notes, tags) land on the latest version without losing any.
                guard var order = try loadOrder(id, forUpdate: true) else { throw OrderStoreError.notFound(id) }
                let storedVersion = order.version
                var entries = try AuditTrail.applyUpdate(
                    to: &order, expectedVersion: expectedVersion, mutations: mutations, actor: actor, at: date
                ) { version in try auditEntries(of: id, after: version) }
                guard !entries.isEmpty else { return (order, nil) }
                let reply = try AuditTrail.rulesReply(to: &order, after: entries, mutations: mutations, actor: actor, at: date,
                                                      rules: { try loadRules() },
                                                      history: { try auditEntries(of: id, after: nil) })
                entries += reply.entries
                let prepared = try PostgresRows.prepare(order, keys: &keys)
                var parameters = prepared.orderRow
                var assignments: [String] = []
                for (index, column) in PostgresRows.orderColumns.enumerated() where column != "id" {
                    assignments.append("\(column) = $\(index + 1)")
                }
                parameters.append(String(storedVersion))
                let updated = try connection.execute(
                    "UPDATE orders SET \(assignments.joined(separator: ", ")) WHERE id = $1 AND version = $\(parameters.count)",
                    parameters)
                guard updated.affectedRows == 1 else {
                    throw OrderStoreError.unusable("Order \(id) could not be updated; nothing was written.")
                }
                try connection.execute(PostgresRows.deleteChildren, [String(id.number)])
                try insertChildren([prepared])
                try appendAudit(entries.map { ($0, order.version) })
                try addTurns(reply.turnsTaken)
                try queueShopFacts(for: order, entries: entries, mutations: mutations, at: date)
                return (order, Self.change([id]))
            }
        }
    }

    /// Refuses the batch if an id or a (source, number) is already taken, in the batch itself
    /// or in the database (except by the orders being replaced), naming the first such order.
    private func refuseTaken(_ orders: [Order], replacing replaced: Set<OrderID>) throws {
        guard !orders.isEmpty else { return }
        var ids = Set<OrderID>()
        var references = Set<[String]>()
        for order in orders {
            if !ids.insert(order.id).inserted { throw OrderStoreError.duplicateID(order.id) }
            if !references.insert([order.source, order.number]).inserted { throw OrderStoreError.duplicateNumber(order.reference) }
        }
        let takenIDs = Set(try connection.execute("SELECT id FROM orders WHERE id = ANY($1::bigint[])",
                                                  [PostgresArray.literal(integers: orders.map(\.id.number))])
            .rows.map { try PostgresRow($0).int(0) })
        if let taken = orders.first(where: { takenIDs.contains($0.id.number) }) { throw OrderStoreError.duplicateID(taken.id) }
        let takenReferences = Set(try connection.execute("""
            SELECT source, number FROM orders
            WHERE (source, number) IN (SELECT * FROM unnest($1::text[], $2::text[]))
            """, [PostgresArray.literal(texts: orders.map(\.source)), PostgresArray.literal(texts: orders.map(\.number))])
            .rows.map { row in row.map { $0 ?? "" } })
        if let taken = orders.first(where: { takenReferences.contains([$0.source, $0.number]) && !replaced.contains($0.id) }) {
            throw OrderStoreError.duplicateNumber(taken.reference)
        }
    }

    /// Writes orders and their child rows with multi-row INSERTs: a few round trips per batch.
    func insertRows(_ orders: [PostgresRows.Prepared]) throws {
        try insertMany("orders", PostgresRows.orderColumns, orders.map(\.orderRow))
        try insertChildren(orders)
    }

    private func insertChildren(_ orders: [PostgresRows.Prepared]) throws {
        // Most orders have no rows in most child tables: a table no order has rows in costs no round trip.
        for table in PostgresRows.childTables {
            try insertMany(table.name, table.columns, orders.flatMap { $0.childRows[table] ?? [] })
        }
    }

    func appendAudit(_ entries: [(entry: AuditEntry, version: Int)]) throws {
        try insertMany("audit_log", ["order_id", "version", "at_ms", "actor", "field", "old_value", "new_value", "source"], entries.map {
            [String($0.entry.orderID.number), String($0.version), String($0.entry.at.millisecondsSince1970),
             $0.entry.actor, $0.entry.field, $0.entry.oldValue, $0.entry.newValue, $0.entry.source?.rawValue]
        })
    }

    /// All the rows in one statement (`COPY`, `PostgresConnection.copy`): no SQL per row and no
    /// limit of parameters, so a million demo orders or a copied store are a few statements.
    private func insertMany(_ table: String, _ columns: [String], _ rows: [[String?]]) throws {
        guard !rows.isEmpty else { return }
        try connection.copy(into: table, columns: columns, rows: rows)
    }

    /// What this process's own observers hear about a write.
    static func change(_ ids: [OrderID]) -> OrderStoreChange? {
        if ids.isEmpty { return nil }
        return ids.count > maxListedChanges ? .reloadAll : .updated(ids)
    }
}
