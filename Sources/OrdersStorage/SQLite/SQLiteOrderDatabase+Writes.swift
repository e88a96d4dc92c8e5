import CSQLite
import Foundation
import OrdersCore

extension SQLiteOrderDatabase {
    /// Inserts all orders in one transaction; returns what observers should hear.
    func insert(_ orders: [OrderRows.Prepared]) throws -> OrderStoreChange? {
        try guarded {
            try connection.writeTransaction {
                try insertRows(orders)
                return try recordChange(orders.map(\.order.id))
            }
        }
    }

    /// Inserts the rows of new orders inside the caller's transaction.
    func insertRows(_ orders: [OrderRows.Prepared]) throws {
        let statement = try connection.statement(OrderRows.insertOrder)
        for prepared in orders {
            do {
                try statement.run(prepared.values)
            } catch let error as SQLiteError where error.code == SQLiteError.primaryKeyConstraint {
                throw OrderStoreError.duplicateID(prepared.order.id)
            } catch let error as SQLiteError where error.code == SQLiteError.uniqueConstraint {
                throw OrderStoreError.duplicateNumber(prepared.order.reference)
            }
            try OrderRows.insertChildren(of: prepared.order, money: prepared.money, into: connection)
        }
    }

    /// Inserts new orders and replaces existing ones, in one transaction: an import's write.
    /// `digests` (`ShopDigestStore`) are stored after the orders, in the same transaction.
    func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], at date: Date,
                audit: [AuditEntry] = [], digests: [ShopDigestRecord] = []) throws -> OrderStoreChange? {
        try guarded {
            try connection.writeTransaction {
                let written = try upsertRows(orders, actor: actor, expectedVersions: expectedVersions, at: date, audit: audit,
                                             door: .import)
                try recordShopDigestsInTransaction(digests)
                return try recordChange(written)
            }
        }
    }

    /// Inserts new orders and replaces existing ones inside the caller's write transaction;
    /// returns the keys of the orders written (an order the same as the stored one is not).
    /// `audit` (`OrderStore.upsert`) is written after the replacement's entry, at the written version;
    /// `door` is the entries' source (an import, or a shop's pull).
    func upsertRows(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], at date: Date,
                    audit: [AuditEntry] = [], door: AuditSource) throws -> [OrderID] {
        var seen = Set<OrderID>()
        let applied = Dictionary(grouping: audit, by: \.orderID)
        for order in orders where !seen.insert(order.id).inserted { throw OrderStoreError.duplicateID(order.id) }
        return try guarded {
            let insert = try connection.statement(OrderRows.insertOrder)
            // Looked up once: an import under rules writes a few history entries for nearly every order.
            let insertAudit = try connection.statement(Self.insertAudit)
            var written: [OrderID] = []
            for var order in orders {
                let existing = try loadOrder(order.id)
                try StoreRules.checkVersion(of: existing, id: order.id, expected: expectedVersions[order.id])
                if let existing, StoreRules.isSame(order, as: existing) { continue }
                let money = try OrderRows.Money(order)
                if let existing {
                    order.version = max(order.version, existing.version + 1)
                    // Checked above, inside this transaction: the row is at that version.
                    guard try OrderRows.rewrite(order, money: money, over: existing, keys: &keys, in: connection) else {
                        throw OrderStoreError.unusable("Order \(order.id) could not be replaced; nothing was written.")
                    }
                    try appendAudit(AuditEntry.replaced(order.id, at: date, actor: actor, version: existing.version, through: door),
                                    version: order.version, into: insertAudit)
                } else {
                    do {
                        try insert.run(OrderRows.orderValues(order, money: money, keys: &keys))
                    } catch let error as SQLiteError where error.code == SQLiteError.uniqueConstraint {
                        throw OrderStoreError.duplicateNumber(order.reference)
                    }
                    try OrderRows.insertChildren(of: order, money: money, into: connection)
                }
                for entry in applied[order.id] ?? [] {
                    try appendAudit(entry.stamped(writtenBy: door), version: order.version, into: insertAudit)
                }
                written.append(order.id)
            }
            return written
        }
    }

    /// Applies each order's changes if it is still at its expected version (`OrderStore.update(_:actor:)`),
    /// all in one write transaction. Returns each order's outcome, and what observers should hear.
    /// A refused order writes nothing and the others are still written; a database error rolls
    /// the whole transaction back and is thrown. The single update is the batch of one.
    func update(_ changes: [OrderUpdate], actor: String, at date: Date) throws -> ([OrderUpdateOutcome], OrderStoreChange?) {
        try guarded {
            try connection.writeTransaction {
                var outcomes: [OrderUpdateOutcome] = []
                var written: [OrderID] = []
                var book: RuleBook?
                for change in changes {
                    let (outcome, wrote) = try update(change, actor: actor, at: date, book: &book)
                    if wrote { written.append(change.id) }
                    outcomes.append(outcome)
                }
                var seen = Set<OrderID>()
                return (outcomes, try recordChange(written.filter { seen.insert($0).inserted }))
            }
        }
    }

    /// One order's update inside the caller's write transaction: loaded, changed and checked in
    /// memory (`AuditTrail.prepareUpdate`), then written. The order's own refusal is its outcome
    /// and writes nothing; a database error is thrown (the caller's transaction is rolled back).
    /// `book` holds the rules for the transaction's next updates.
    private func update(_ change: OrderUpdate, actor: String, at date: Date, book: inout RuleBook?)
        throws -> (outcome: OrderUpdateOutcome, wrote: Bool) {
        let id = change.id
        let prepared: AuditTrail.PreparedUpdate
        let money: OrderRows.Money
        // What the update is written over (`OrderRows.rewrite` writes only what differs from it).
        let stored: Order?
        // A refused order's reply is dropped with it: the turns it took go to the next order.
        let bookBefore = book
        do {
            stored = try loadOrder(id)
            // Appends apply to the latest version, which may be newer than `expectedVersion`.
            prepared = try AuditTrail.prepareUpdate(
                of: stored, change, actor: actor, at: date, book: &book,
                rules: { try loadRules() }, history: { version in try auditEntries(of: id, after: version) })
            guard !prepared.entries.isEmpty else { return (.success(prepared.order), false) }
            money = try OrderRows.Money(prepared.order)
        } catch let error as SQLiteError {
            throw error
        } catch {
            book = bookBefore
            return (.failure(error), false)
        }
        let order = prepared.order
        // The version check above ran inside this IMMEDIATE transaction, so no
        // other writer can have moved the row since; the rewrite's WHERE is a second guard.
        guard let stored, try OrderRows.rewrite(order, money: money, over: stored, keys: &keys, in: connection) else {
            throw OrderStoreError.unusable("Order \(id) could not be updated; nothing was written.")
        }
        let insertAudit = try connection.statement(Self.insertAudit)
        for entry in prepared.entries { try appendAudit(entry, version: order.version, into: insertAudit) }
        try addTurns(prepared.turnsTaken)
        try queueShopFacts(for: order, entries: prepared.entries, mutations: change.mutations, at: date)
        return (.success(order), true)
    }

    static let insertAudit = """
        INSERT INTO audit_log (order_id, version, at_ms, actor, field, old_value, new_value, source)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Writes one history entry with `insertAudit`'s statement.
    func appendAudit(_ entry: AuditEntry, version: Int, into statement: SQLiteStatement) throws {
        try statement.run([.int(entry.orderID.number), .int(version), .integer(entry.at.millisecondsSince1970),
                      .text(entry.actor), .text(entry.field), .optionalText(entry.oldValue), .optionalText(entry.newValue),
                      .optionalText(entry.source?.rawValue)])
    }

    /// Notes in the change log what this transaction touched (for other processes)
    /// and returns the change to tell this process's own observers.
    func recordChange(_ ids: [OrderID]) throws -> OrderStoreChange? {
        guard !ids.isEmpty else { return nil }
        localWrites += 1
        let log = try connection.statement("INSERT INTO change_log (writer, order_id) VALUES (?, ?)")
        let change: OrderStoreChange
        if ids.count > Self.maxListedChanges {
            try log.run([.text(writerToken), .null])
            change = .reloadAll
        } else {
            for id in ids { try log.run([.text(writerToken), .int(id.number)]) }
            change = .updated(ids)
        }
        // Keep the log short: observers only need what happened since they last looked.
        try connection.statement("DELETE FROM change_log WHERE seq <= (SELECT max(seq) FROM change_log) - 10000").run()
        return change
    }
}
