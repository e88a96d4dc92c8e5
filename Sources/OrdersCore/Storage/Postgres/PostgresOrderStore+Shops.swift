import Foundation

extension PostgresOrderStore: ShopRegistry {
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
}
