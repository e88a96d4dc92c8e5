import Foundation
import OrdersCore

/// `ShopRegistry` and `ShopOutboxStore` for both engines.
extension EngineBackedStore {
    public func shops() async throws -> [ConnectedShop] {
        try await database.shops()
    }

    public func addShop(_ shop: ConnectedShop, at date: Date) async throws {
        try await database.addShop(shop, at: date)
    }

    public func removeShop(named name: String) async throws {
        try await database.removeShop(named: name)
    }

    public func recordPullPage(_ page: ShopPullPage) async throws {
        try StoreRules.validate(page.orders)
        if let change = try await database.recordPullPage(page, at: now().wholeMilliseconds) { broadcaster.send(change) }
    }

    public func recordPullEnd(of shop: String, at date: Date, error: String?) async throws {
        try await database.recordPullEnd(of: shop, at: date, error: error)
    }

    // MARK: The outbox

    public func shopFacts(of shop: String, in state: ShopFactState) async throws -> [QueuedShopFact] {
        try await database.shopFacts(of: shop, in: state)
    }

    public func shopFacts(of shop: String, kind: ShopFact.Kind, in state: ShopFactState) async throws -> [QueuedShopFact] {
        try await database.shopFacts(of: shop, kind: kind, in: state)
    }

    public func shopFacts(ofOrder id: OrderID) async throws -> [QueuedShopFact] {
        try await database.shopFacts(ofOrder: id)
    }

    public func beginShopFactAttempt(_ id: Int64, seenBefore: [String]) async throws {
        try await database.beginShopFactAttempt(id, seenBefore: seenBefore)
    }

    public func recordShopFactStep(_ id: Int64, shopIDs: [String: String]) async throws {
        try await database.recordShopFactStep(id, shopIDs: shopIDs)
    }

    public func settleShopFact(_ id: Int64, as state: ShopFactState, shopIDs: [String: String], refusal: String?,
                               at date: Date) async throws {
        try await database.settleShopFact(id, as: state, shopIDs: shopIDs, refusal: refusal, at: date)
    }

    public func retryShopFact(_ id: Int64, of shop: String) async throws {
        try await database.retryShopFact(id, of: shop)
    }

    public func dropShopFact(_ id: Int64, of shop: String, at date: Date) async throws {
        try await database.dropShopFact(id, of: shop, at: date)
    }
}
