import Foundation
import OrdersCore

/// The outbox of facts for connected shops (`shop_facts`, schema 12) on SQLite.
extension SQLiteOrderDatabase {
    /// The shop's side of an operator's change, inside the update's transaction, so the fact is
    /// queued exactly when the change is written: the facts `ShopFacts.change` derives, queued when
    /// the order's source is a connected shop, and an undo's withdrawal of the facts not yet sent.
    func queueShopFacts(for order: Order, entries: [AuditEntry], mutations: [OrderMutation], at date: Date) throws {
        var change = ShopFacts.change(of: order, entries: entries, mutations: mutations)
        // An order of no connected shop has nothing queued (a shop with facts waiting is not removed)
        // and queues nothing.
        guard !change.isEmpty, try connection.integer("SELECT count(*) FROM shops WHERE name = ?", [.text(order.source)]) > 0
        else { return }
        if let undone = change.withdrawnVersion {
            // What the shop may have of the undone change (sent, or a send begun) is taken back where a fact can.
            var reached: [ShopFact] = []
            try connection.statement("""
                SELECT details FROM shop_facts WHERE order_id = ? AND version = ? AND (state = 'sent' OR (state = 'waiting' AND attempts > 0))
                ORDER BY id
                """).forEachRow([.int(order.id.number), .int(undone)]) { row in
                if let fact = ShopFact(storedText: row.text(0)) { reached.append(fact) }
            }
            change.facts += ShopFacts.undoing(reached)
            try connection.statement("""
                DELETE FROM shop_facts WHERE order_id = ? AND version = ? AND state = 'waiting' AND attempts = 0
                """).run([.int(order.id.number), .int(undone)])
        }
        guard !change.facts.isEmpty else { return }
        let insert = try connection.statement("""
            INSERT INTO shop_facts (shop, order_id, version, kind, details, state, created_ms) VALUES (?, ?, ?, ?, ?, 'waiting', ?)
            """)
        for fact in change.facts {
            try insert.run([.text(order.source), .int(order.id.number), .int(order.version), .text(fact.kind.rawValue),
                            .text(fact.storedText), .integer(date.millisecondsSince1970)])
        }
    }

    static let shopFactColumns = "id, shop, order_id, version, details, state, attempts, seen_before, shop_ids, refusal"

    func shopFacts(of shop: String, in state: ShopFactState) throws -> [QueuedShopFact] {
        try shopFacts(where: "shop = ? AND state = ?", [.text(shop), .text(state.rawValue)])
    }

    func shopFacts(of shop: String, kind: ShopFact.Kind, in state: ShopFactState) throws -> [QueuedShopFact] {
        try shopFacts(where: "shop = ? AND kind = ? AND state = ?", [.text(shop), .text(kind.rawValue), .text(state.rawValue)])
    }

    func shopFacts(ofOrder id: OrderID) throws -> [QueuedShopFact] {
        try shopFacts(where: "order_id = ?", [.int(id.number)])
    }

    private func shopFacts(where condition: String, _ values: [SQLiteValue]) throws -> [QueuedShopFact] {
        try guarded {
            var facts: [QueuedShopFact] = []
            try connection.statement("SELECT \(Self.shopFactColumns) FROM shop_facts WHERE \(condition) ORDER BY id")
                .forEachRow(values) { row in
                    guard let fact = ShopFact(storedText: row.text(4)) else {
                        throw OrderStoreError.unusable("Fact \(row.int64(0)) for \(row.text(1)) was queued by a newer version of orders; update orders.")
                    }
                    facts.append(QueuedShopFact(
                        id: row.int64(0), shop: row.text(1), orderID: OrderID(row.int(2)), version: row.int(3), fact: fact,
                        state: ShopFactState(rawValue: row.text(5)) ?? .waiting, attempts: row.int(6),
                        seenBefore: ShopOutboxJSON.list(row.optionalText(7)), shopIDs: ShopOutboxJSON.map(row.optionalText(8)),
                        refusal: row.optionalText(9)))
                }
            return facts
        }
    }

    func beginShopFactAttempt(_ id: Int64, seenBefore: [String]) throws {
        try writeShopFact("UPDATE shop_facts SET attempts = attempts + 1, seen_before = ? WHERE id = ? AND state = 'waiting'",
                          [.text(ShopOutboxJSON.text(seenBefore)), .integer(id)])
    }

    func recordShopFactStep(_ id: Int64, shopIDs: [String: String]) throws {
        try writeShopFact("UPDATE shop_facts SET shop_ids = ? WHERE id = ? AND state = 'waiting'",
                          [.text(ShopOutboxJSON.text(shopIDs)), .integer(id)])
    }

    func settleShopFact(_ id: Int64, as state: ShopFactState, shopIDs: [String: String], refusal: String?, at date: Date) throws {
        try writeShopFact("""
            UPDATE shop_facts SET state = ?, shop_ids = ?, refusal = ?, settled_ms = ? WHERE id = ? AND state = 'waiting'
            """, [.text(state.rawValue), .text(ShopOutboxJSON.text(shopIDs)), .optionalText(refusal),
                  .integer(date.millisecondsSince1970), .integer(id)])
    }

    func retryShopFact(_ id: Int64, of shop: String) throws {
        try changeShopFact(id, of: shop, action: "retry", from: [.refused],
                           "UPDATE shop_facts SET state = 'waiting', refusal = NULL, settled_ms = NULL WHERE id = ?", [.integer(id)])
    }

    func dropShopFact(_ id: Int64, of shop: String, at date: Date) throws {
        try changeShopFact(id, of: shop, action: "drop", from: [.waiting, .refused],
                           "UPDATE shop_facts SET state = 'dropped', settled_ms = ? WHERE id = ?", [.integer(date.millisecondsSince1970), .integer(id)])
    }

    /// An operator's change of one fact, when it is the shop's and in a state the action takes: the
    /// check and the write in one transaction, so a syncer settling it meanwhile is not overwritten.
    private func changeShopFact(_ id: Int64, of shop: String, action: String, from states: [ShopFactState], _ sql: String,
                                _ values: [SQLiteValue]) throws {
        try guarded {
            try connection.writeTransaction {
                var state: String?
                try connection.statement("SELECT state FROM shop_facts WHERE id = ? AND shop = ?").forEachRow([.integer(id), .text(shop)]) {
                    state = $0.text(0)
                }
                guard let state, let current = ShopFactState(rawValue: state) else { throw ShopFactError.notFound(shop: shop, id: id) }
                guard states.contains(current) else { throw ShopFactError.wrongState(shop: shop, id: id, state: current, action: action) }
                try connection.statement(sql).run(values)
            }
        }
    }

    /// One write of a fact's state, in a transaction of its own: committed before the next request.
    private func writeShopFact(_ sql: String, _ values: [SQLiteValue]) throws {
        try guarded {
            try connection.writeTransaction {
                try connection.statement(sql).run(values)
            }
        }
    }
}
