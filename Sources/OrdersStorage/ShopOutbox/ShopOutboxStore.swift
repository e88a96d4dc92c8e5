import Foundation
import OrdersCore

/// The outbox as `ShopPush` reads and writes it: every real store keeps it in `shop_facts` (SQLite
/// and PostgreSQL migration 12). Each write is a transaction of its own, committed before the next
/// request to the shop goes out, so a syncer killed at any moment leaves each fact either not begun,
/// begun (asked about before it is sent again), or settled.
public protocol ShopOutboxStore: Sendable {
    /// The shop's facts in one state, oldest first.
    func shopFacts(of shop: String, in state: ShopFactState) async throws -> [QueuedShopFact]
    /// The shop's facts of one kind in one state, oldest first (the sent refunds a pull knows again).
    func shopFacts(of shop: String, kind: ShopFact.Kind, in state: ShopFactState) async throws -> [QueuedShopFact]
    /// Every fact queued for one order, in every state, oldest first: the detail's marks.
    func shopFacts(ofOrder id: OrderID) async throws -> [QueuedShopFact]
    /// A send of the fact begins: its attempts counted, and the shop's ids it had before kept.
    func beginShopFactAttempt(_ id: Int64, seenBefore: [String]) async throws
    /// A step of a fact the shop has taken (WooCommerce's note before its status): its ids so far.
    func recordShopFactStep(_ id: Int64, shopIDs: [String: String]) async throws
    /// The fact is settled: sent (with the shop's ids) or refused (with the shop's words).
    func settleShopFact(_ id: Int64, as state: ShopFactState, shopIDs: [String: String], refusal: String?, at date: Date) async throws
    /// A refused fact of `shop` back to waiting, its refusal cleared, in one transaction: the next sync
    /// sends it (its steps taken stay, and a begun send is asked about first). Throws `ShopFactError`.
    func retryShopFact(_ id: Int64, of shop: String) async throws
    /// A waiting or refused fact of `shop` dropped, in one transaction: never sent, no longer counted,
    /// kept as `dropped` for the record. Throws `ShopFactError`.
    func dropShopFact(_ id: Int64, of shop: String, at date: Date) async throws
}

extension ShopOutboxStore {
    /// The refunds sent from here that the shop made, by the shop's id of each to its id here (`R1`):
    /// what a pull maps the shop's copies back to (`ShopOrderMapper.sentRefunds`).
    package func sentRefunds(of shop: String) async throws -> [String: String] {
        var refunds: [String: String] = [:]
        for queued in try await shopFacts(of: shop, kind: .refund, in: .sent) {
            if let made = queued.shopIDs["refund"], let id = queued.fact.refundID { refunds[made] = id }
        }
        return refunds
    }

    /// The refunds whose send got no answer yet (waiting, a send begun), by the shop's id of their order:
    /// what a pull takes a matching shop refund to be until the send reads it back (`ShopOrderMapper.refundsInDoubt`).
    package func refundsInDoubt(of shop: String, orders: any OrderStore) async throws -> [String: [ShopFact]] {
        var refunds: [String: [ShopFact]] = [:]
        for queued in try await shopFacts(of: shop, kind: .refund, in: .waiting) where queued.attempts > 0 {
            if let shopOrderID = try await orders.order(queued.orderID)?.shopOrderID { refunds[shopOrderID, default: []].append(queued.fact) }
        }
        return refunds
    }
}

/// Why an operator's retry or drop of a fact was refused, in one sentence.
public enum ShopFactError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(shop: String, id: Int64)
    /// The fact is not in a state the action takes: its state and the action (`retry`, `drop`).
    case wrongState(shop: String, id: Int64, state: ShopFactState, action: String)

    public var description: String {
        switch self {
        case .notFound(let shop, let id): "\(shop) has no fact \(id) (orders shop facts \(shop))."
        case .wrongState(let shop, let id, let state, let action):
            "Fact \(id) of \(shop) is \(state.rawValue); only " + (action == "retry" ? "a refused fact" : "a waiting or refused fact")
                + " can be \(action == "retry" ? "retried" : "dropped")."
        }
    }
}
