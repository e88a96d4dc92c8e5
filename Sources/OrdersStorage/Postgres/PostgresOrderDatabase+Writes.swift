import Foundation
import OrdersCore

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
    /// `digests` (`ShopDigestStore`) are stored after the orders, in the same transaction.
    func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], at date: Date,
                audit: [AuditEntry] = [], digests: [ShopDigestRecord] = []) throws -> OrderStoreChange? {
        var seen = Set<OrderID>()
        for order in orders where !seen.insert(order.id).inserted { throw OrderStoreError.duplicateID(order.id) }
        return try writing {
            try connection.transaction {
                let written = try upsertRows(orders, actor: actor, expectedVersions: expectedVersions, at: date,
                                             audit: audit, door: .import)
                try recordShopDigestRows(digests)
                return Self.change(written)
            }
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
        let stored = try lockedOrders(orders.map(\.id))
        var written: [Order] = []
        var replaced: [OrderID] = []
        // Replaced where they stand: only what changed is written (`RowsRewrite`).
        var inPlace: [RowsRewrite] = []
        // Deleted and inserted again: a new order, or one whose (source, number) changes (two orders
        // of a batch may trade numbers, which row-by-row updates of a unique index would refuse).
        var inserted: [PostgresRows.Prepared] = []
        var entries: [(AuditEntry, Int)] = []
        for var order in orders {
            try StoreRules.checkVersion(of: stored[order.id], id: order.id, expected: expectedVersions[order.id])
            if let current = stored[order.id] {
                if StoreRules.isSame(order, as: current) { continue }
                order.version = max(order.version, current.version + 1)
                replaced.append(order.id)
                entries.append((AuditEntry.replaced(order.id, at: date, actor: actor, version: current.version, through: door), order.version))
            }
            entries += (applied[order.id] ?? []).map { ($0.stamped(writtenBy: door), order.version) }
            written.append(order)
            let prepared = try PostgresRows.prepare(order, keys: &keys)
            if let current = stored[order.id], current.reference == order.reference {
                let changed = StoredChildTable.changedRows(from: current, to: order, money: try OrderRows.Money(order)).map(\.0)
                inPlace.append(RowsRewrite(rows: prepared, storedVersion: current.version, changedTables: Set(changed)))
            } else {
                inserted.append(prepared)
            }
        }
        let moved = Set(replaced).subtracting(inPlace.map(\.rows.order.id))
        if !moved.isEmpty {
            // The child rows go with their order (ON DELETE CASCADE); the audit log stays.
            try connection.execute("DELETE FROM orders WHERE id = ANY($1::bigint[])",
                                   [PostgresArray.literal(integers: moved.map(\.number))])
        }
        try refuseTaken(written, replacing: Set(replaced))
        try rewriteRows(inPlace)
        try insertRows(inserted)
        try appendAudit(entries)
        return written.map(\.id)
    }

    /// Applies each order's changes if it is still at its expected version (`OrderStore.update(_:actor:)`),
    /// all in one transaction. Returns each order's outcome, and what observers should hear. A
    /// refused order writes nothing and the others are still written; a database error rolls the
    /// whole transaction back and is thrown. The single update is the batch of one.
    ///
    /// Few round trips whatever the count: the orders are locked and read together, their
    /// history (when a check, an undo or a rule needs it) in one query, the rules once; then the
    /// order rows are updated in a few statements (`updateOrderRows`), and their child rows,
    /// history and the rules' turns written for all of them at once.
    func update(_ changes: [OrderUpdate], actor: String, at date: Date) throws -> ([OrderUpdateOutcome], OrderStoreChange?) {
        try writing {
            try connection.transaction {
                var outcomes: [OrderUpdateOutcome] = []
                var written: [OrderID] = []
                var book: RuleBook?
                // An order twice in `changes` (not from `OrderUpdateChunks`): its second update is
                // worked out after the first is written, from what the first wrote.
                for group in OrderUpdateChunks.split(changes, size: max(changes.count, 1), id: \.id) {
                    let (groupOutcomes, updates) = try prepareUpdates(Array(group), actor: actor, at: date, book: &book)
                    try writeUpdates(updates, at: date)
                    outcomes += groupOutcomes
                    written += updates.map(\.prepared.order.id)
                }
                var seen = Set<OrderID>()
                return (outcomes, Self.change(written.filter { seen.insert($0).inserted }))
            }
        }
    }

    /// An order's update worked out and its rows made, ready to write.
    private struct ReadyUpdate {
        var prepared: AuditTrail.PreparedUpdate
        var rewrite: RowsRewrite
    }

    /// An order written over its stored version: its row, the version it must still be at, and the
    /// child tables whose rows changed (`StoredChildTable.changedRows`): the only ones written.
    struct RowsRewrite {
        var rows: PostgresRows.Prepared
        var storedVersion: Int
        var changedTables: Set<StoredChildTable>
    }

    /// Locks and reads the orders (each once in `changes`), then works out each one's update in
    /// memory (`AuditTrail.prepareUpdate`): each order's outcome, and the updates to write. An
    /// order's own refusal is its outcome; a database error is thrown.
    private func prepareUpdates(_ changes: [OrderUpdate], actor: String, at date: Date, book: inout RuleBook?)
        throws -> ([OrderUpdateOutcome], [ReadyUpdate]) {
        let ids = changes.map(\.id)
        // Locked, so a stale change gets a conflict and appends (notes, tags) land on the latest
        // version without losing any.
        let stored = try lockedOrders(ids)
        // Read once for all of them, at the first order that needs its history (a conflict's
        // changed fields, an undo, a rule's reply); nothing of these orders is written before.
        var histories: [OrderID: [AuditEntry]]?
        func history(of id: OrderID, after version: Int?) throws -> [AuditEntry] {
            let all = try histories ?? auditEntries(ofAll: ids)
            histories = all
            return (all[id] ?? []).filter { ($0.version ?? 0) > (version ?? Int.min) }
        }
        var outcomes: [OrderUpdateOutcome] = []
        var updates: [ReadyUpdate] = []
        for change in changes {
            // A refused order's reply is dropped with it: the turns it took go to the next order.
            let bookBefore = book
            do {
                let prepared = try AuditTrail.prepareUpdate(
                    of: stored[change.id], change, actor: actor, at: date, book: &book,
                    rules: { try loadRules() }, history: { version in try history(of: change.id, after: version) })
                if !prepared.entries.isEmpty {
                    let changed = StoredChildTable.changedRows(from: stored[change.id], to: prepared.order,
                                                               money: try OrderRows.Money(prepared.order)).map(\.0)
                    updates.append(ReadyUpdate(prepared: prepared, rewrite: RowsRewrite(
                        rows: try PostgresRows.prepare(prepared.order, keys: &keys), storedVersion: prepared.storedVersion,
                        changedTables: Set(changed))))
                }
                outcomes.append(.success(prepared.order))
            } catch let error as PostgresError {
                throw error
            } catch {
                book = bookBefore
                outcomes.append(.failure(error))
            }
        }
        return (outcomes, updates)
    }

    /// Writes worked-out updates of distinct orders, locked by `prepareUpdates`: their order rows,
    /// then every child row, history entry, rule turn and shop fact of them together.
    private func writeUpdates(_ updates: [ReadyUpdate], at date: Date) throws {
        guard !updates.isEmpty else { return }
        try rewriteRows(updates.map(\.rewrite))
        try appendAudit(updates.flatMap { update in update.prepared.entries.map { ($0, update.prepared.order.version) } })
        try addTurns(updates.reduce(into: [:]) { turns, update in turns.merge(update.prepared.turnsTaken, uniquingKeysWith: +) })
        var connectedShops: [String: Bool] = [:]
        for update in updates {
            try queueShopFacts(for: update.prepared.order, entries: update.prepared.entries, mutations: update.prepared.mutations,
                               at: date, connectedShops: &connectedShops)
        }
    }

    /// The most orders one UPDATE statement writes: its notification (`orders_notify_changes`) names
    /// up to 200 keys, and says `*` (every listener reloads everything) above that.
    static let orderRowsPerStatement = 200

    /// Writes the order rows of worked-out updates, each only if the row is still at the version it
    /// was read at (checked under the row's lock already; the WHERE is a second guard). One order:
    /// one UPDATE. More: the rows are copied into a temporary table (the session's own, made at its
    /// first batch, emptied at each commit) and updated from it, 200 to a statement, so a chunk of 500
    /// is five round trips and fires the orders' statement triggers three times rather than 500.
    /// Writes orders over their stored versions: their rows (`updateOrderRows`), then only the child
    /// tables each one changes, their rows deleted in one round trip and copied in again.
    private func rewriteRows(_ rewrites: [RowsRewrite]) throws {
        guard !rewrites.isEmpty else { return }
        try updateOrderRows(rewrites)
        let rewritten = StoredChildTable.allCases.map { table in (table, rewrites.filter { $0.changedTables.contains(table) }) }
            .filter { !$0.1.isEmpty }
        if !rewritten.isEmpty {
            _ = try connection.execute(all: rewritten.map { table, rewrites in
                ("DELETE FROM \(table.name) WHERE order_id = ANY($1::bigint[])",
                 [PostgresArray.literal(integers: rewrites.map(\.rows.order.id.number))])
            })
        }
        for (table, rewrites) in rewritten {
            try insertMany(table.name, table.writtenColumns, rewrites.flatMap { $0.rows.childRows[table] ?? [] })
        }
    }

    private func updateOrderRows(_ updates: [RowsRewrite]) throws {
        let columns = PostgresRows.orderColumns
        let written = columns.filter { $0 != "id" }
        func refused(_ count: Int, of expected: Int) -> OrderStoreError {
            .unusable("\(expected - count) of \(expected) orders could not be updated; nothing was written.")
        }
        if updates.count == 1, let update = updates.first {
            let assignments = columns.enumerated().filter { $0.element != "id" }.map { "\($0.element) = $\($0.offset + 1)" }
            let updated = try connection.execute(
                "UPDATE orders SET \(assignments.joined(separator: ", ")) WHERE id = $1 AND version = $\(columns.count + 1)",
                update.rows.orderRow + [String(update.storedVersion)])
            guard updated.affectedRows == 1 else { throw refused(updated.affectedRows, of: 1) }
            return
        }
        // Emptied first too: a transaction may write two groups (an order twice in a batch).
        try connection.executeScript("""
            CREATE TEMP TABLE IF NOT EXISTS updated_orders ON COMMIT DELETE ROWS AS
            SELECT \(columns.joined(separator: ", ")), version AS stored_version, 0 AS part FROM orders WITH NO DATA;
            DELETE FROM updated_orders
            """)
        try connection.copy(into: "updated_orders", columns: columns + ["stored_version", "part"],
                            rows: updates.enumerated().map { index, update in
            update.rows.orderRow + [String(update.storedVersion), String(index / Self.orderRowsPerStatement)]
        })
        for part in 0...((updates.count - 1) / Self.orderRowsPerStatement) {
            let expected = min(updates.count - part * Self.orderRowsPerStatement, Self.orderRowsPerStatement)
            let updated = try connection.execute("""
                UPDATE orders SET (\(written.joined(separator: ", "))) = (\(written.map { "u.\($0)" }.joined(separator: ", ")))
                FROM updated_orders AS u
                WHERE u.part = $1 AND orders.id = u.id AND orders.version = u.stored_version
                """, [String(part)])
            guard updated.affectedRows == expected else { throw refused(updated.affectedRows, of: expected) }
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
        if let taken = orders.first(where: { takenIDs.contains($0.id.number) && !replaced.contains($0.id) }) {
            throw OrderStoreError.duplicateID(taken.id)
        }
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
        for table in StoredChildTable.allCases {
            try insertMany(table.name, table.writtenColumns, orders.flatMap { $0.childRows[table] ?? [] })
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
