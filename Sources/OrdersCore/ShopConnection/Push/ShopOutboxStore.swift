import Foundation

/// The outbox as `ShopPush` reads and writes it: every real store keeps it in `shop_facts` (SQLite
/// and PostgreSQL migration 12). Each write is a transaction of its own, committed before the next
/// request to the shop goes out, so a syncer killed at any moment leaves each fact either not begun,
/// begun (asked about before it is sent again), or settled.
public protocol ShopOutboxStore: Sendable {
    /// The shop's facts in one state, oldest first.
    func shopFacts(of shop: String, in state: ShopFactState) async throws -> [QueuedShopFact]
    /// Every fact queued for one order, in every state, oldest first: the detail's marks.
    func shopFacts(ofOrder id: OrderID) async throws -> [QueuedShopFact]
    /// A send of the fact begins: its attempts counted, and the shop's ids it had before kept.
    func beginShopFactAttempt(_ id: Int64, seenBefore: [String]) async throws
    /// A step of a fact the shop has taken (WooCommerce's note before its status): its ids so far.
    func recordShopFactStep(_ id: Int64, shopIDs: [String: String]) async throws
    /// The fact is settled: sent (with the shop's ids) or refused (with the shop's words).
    func settleShopFact(_ id: Int64, as state: ShopFactState, shopIDs: [String: String], refusal: String?, at date: Date) async throws
}
