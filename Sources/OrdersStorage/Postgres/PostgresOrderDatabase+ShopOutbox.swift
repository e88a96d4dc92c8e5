import Foundation
import OrdersCore

/// The outbox of facts for connected shops (`shop_facts`, migration 12) on PostgreSQL, as SQLite's.
extension PostgresOrderDatabase {
    /// The shop's side of an operator's change, inside the update's transaction (SQLite's `queueShopFacts`).
    /// `connectedShops` keeps whether each shop is connected for the other orders of the transaction.
    func queueShopFacts(for order: Order, entries: [AuditEntry], mutations: [OrderMutation], at date: Date,
                        connectedShops: inout [String: Bool]) throws {
        var change = ShopFacts.change(of: order, entries: entries, mutations: mutations)
        guard !change.isEmpty else { return }
        // An order of no connected shop has nothing queued (a shop with facts waiting is not removed)
        // and queues nothing: an undo of thousands of local orders costs no round trip each.
        let connected = try connectedShops[order.source]
            ?? !connection.execute("SELECT 1 FROM shops WHERE name = $1", [order.source]).rows.isEmpty
        connectedShops[order.source] = connected
        guard connected else { return }
        if let undone = change.withdrawnVersion {
            // As on SQLite: what the shop may have of the undone change is taken back where a fact can.
            let reached = try connection.execute("""
                SELECT details FROM shop_facts WHERE order_id = $1 AND version = $2 AND (state = 'sent' OR (state = 'waiting' AND attempts > 0))
                ORDER BY id
                """, [String(order.id.number), String(undone)]).rows.compactMap { row in ShopFact(storedText: row[0] ?? "") }
            change.facts += ShopFacts.undoing(reached)
            try connection.execute("DELETE FROM shop_facts WHERE order_id = $1 AND version = $2 AND state = 'waiting' AND attempts = 0",
                                   [String(order.id.number), String(undone)])
        }
        for fact in change.facts {
            try connection.execute("""
                INSERT INTO shop_facts (shop, order_id, version, kind, details, state, created_ms)
                VALUES ($1, $2, $3, $4, $5, 'waiting', $6)
                """, [order.source, String(order.id.number), String(order.version), fact.kind.rawValue, fact.storedText,
                      String(date.millisecondsSince1970)])
        }
    }

    func shopFacts(of shop: String, in state: ShopFactState) throws -> [QueuedShopFact] {
        try shopFacts(where: "shop = $1 AND state = $2", [shop, state.rawValue])
    }

    func shopFacts(of shop: String, kind: ShopFact.Kind, in state: ShopFactState) throws -> [QueuedShopFact] {
        try shopFacts(where: "shop = $1 AND kind = $2 AND state = $3", [shop, kind.rawValue, state.rawValue])
    }

    func shopFacts(ofOrder id: OrderID) throws -> [QueuedShopFact] {
        try shopFacts(where: "order_id = $1", [String(id.number)])
    }

    private func shopFacts(where condition: String, _ parameters: [String?]) throws -> [QueuedShopFact] {
        try reading {
            try connection.execute("""
                SELECT \(SQLiteOrderDatabase.shopFactColumns) FROM shop_facts WHERE \(condition) ORDER BY id
                """, parameters).rows.map { row in
                let id = Int64(row[0] ?? "") ?? 0
                guard let fact = ShopFact(storedText: row[4] ?? "") else {
                    throw OrderStoreError.unusable("Fact \(id) for \(row[1] ?? "") was queued by a newer version of orders; update orders.")
                }
                return QueuedShopFact(
                    id: id, shop: row[1] ?? "", orderID: OrderID(Int(row[2] ?? "") ?? 0), version: Int(row[3] ?? "") ?? 0,
                    fact: fact, state: ShopFactState(rawValue: row[5] ?? "") ?? .waiting, attempts: Int(row[6] ?? "") ?? 0,
                    seenBefore: ShopOutboxJSON.list(row[7]), shopIDs: ShopOutboxJSON.map(row[8]), refusal: row[9])
            }
        }
    }

    func beginShopFactAttempt(_ id: Int64, seenBefore: [String]) throws {
        try writeShopFact("UPDATE shop_facts SET attempts = attempts + 1, seen_before = $1 WHERE id = $2 AND state = 'waiting'",
                          [ShopOutboxJSON.text(seenBefore), String(id)])
    }

    func recordShopFactStep(_ id: Int64, shopIDs: [String: String]) throws {
        try writeShopFact("UPDATE shop_facts SET shop_ids = $1 WHERE id = $2 AND state = 'waiting'", [ShopOutboxJSON.text(shopIDs), String(id)])
    }

    func settleShopFact(_ id: Int64, as state: ShopFactState, shopIDs: [String: String], refusal: String?, at date: Date) throws {
        try writeShopFact("""
            UPDATE shop_facts SET state = $1, shop_ids = $2, refusal = $3, settled_ms = $4 WHERE id = $5 AND state = 'waiting'
            """, [state.rawValue, ShopOutboxJSON.text(shopIDs), refusal, String(date.millisecondsSince1970), String(id)])
    }

    func retryShopFact(_ id: Int64, of shop: String) throws {
        try changeShopFact(id, of: shop, action: "retry", from: [.refused],
                           "UPDATE shop_facts SET state = 'waiting', refusal = NULL, settled_ms = NULL WHERE id = $1", [String(id)])
    }

    func dropShopFact(_ id: Int64, of shop: String, at date: Date) throws {
        try changeShopFact(id, of: shop, action: "drop", from: [.waiting, .refused],
                           "UPDATE shop_facts SET state = 'dropped', settled_ms = $2 WHERE id = $1", [String(id), String(date.millisecondsSince1970)])
    }

    /// SQLite's `changeShopFact`: the row locked (`FOR UPDATE`) while it is checked and changed.
    private func changeShopFact(_ id: Int64, of shop: String, action: String, from states: [ShopFactState], _ sql: String,
                                _ parameters: [String?]) throws {
        try writing {
            try connection.transaction {
                let rows = try connection.execute("SELECT state FROM shop_facts WHERE id = $1 AND shop = $2 FOR UPDATE", [String(id), shop]).rows
                guard let state = rows.first?[0] ?? nil, let current = ShopFactState(rawValue: state) else {
                    throw ShopFactError.notFound(shop: shop, id: id)
                }
                guard states.contains(current) else { throw ShopFactError.wrongState(shop: shop, id: id, state: current, action: action) }
                _ = try connection.execute(sql, parameters)
            }
        }
    }

    /// One write of a fact's state, committed (autocommit) before the next request goes out.
    private func writeShopFact(_ sql: String, _ parameters: [String?]) throws {
        try writing {
            _ = try connection.execute(sql, parameters)
        }
    }
}
