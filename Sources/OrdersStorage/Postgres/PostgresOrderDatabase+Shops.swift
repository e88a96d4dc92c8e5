import Foundation
import OrdersCore

/// The `shops` table (migration 10) on PostgreSQL.
extension PostgresOrderDatabase {
    private static let shopColumns =
        "name, platform, url, ca_file, credentials_file, pulled_through_ms, last_pull_ms, orders_pulled, last_error, "
        + "(SELECT count(*) FROM shop_facts WHERE shop = shops.name AND state = 'waiting'), "
        + "(SELECT count(*) FROM shop_facts WHERE shop = shops.name AND state = 'refused')"

    func shops() throws -> [ConnectedShop] {
        try reading {
            try connection.execute("SELECT \(Self.shopColumns) FROM shops ORDER BY name COLLATE \"C\"").rows.map { row in
                func date(_ column: Int) -> Date? { row[column].flatMap(Int64.init).map { Date(millisecondsSince1970: $0) } }
                return ConnectedShop(
                    name: row[0] ?? "", platform: ShopPlatform(rawValue: row[1] ?? "") ?? .shopify, url: row[2] ?? "",
                    caFile: row[3], credentialsFile: row[4] ?? "", pulledThrough: date(5), lastPullAt: date(6),
                    ordersPulled: row[7].flatMap { Int($0) } ?? 0, lastError: row[8],
                    factsWaiting: row[9].flatMap { Int($0) } ?? 0, factsRefused: row[10].flatMap { Int($0) } ?? 0)
            }
        }
    }

    func addShop(_ shop: ConnectedShop, at date: Date) throws {
        try writing {
            try connection.transaction {
                let inserted = try connection.execute("""
                    INSERT INTO shops (name, platform, url, ca_file, credentials_file, created_ms) VALUES ($1, $2, $3, $4, $5, $6)
                    ON CONFLICT (name) DO NOTHING RETURNING name
                    """, [shop.name, shop.platform.rawValue, shop.url, shop.caFile, shop.credentialsFile,
                          String(date.millisecondsSince1970)])
                if inserted.rows.isEmpty { throw ShopRegistryError.duplicateName(shop.name) }
            }
        }
    }

    func removeShop(named name: String) throws {
        try writing {
            try connection.transaction {
                let waiting = try connection.execute("SELECT count(*) FROM shop_facts WHERE shop = $1 AND state = 'waiting'", [name])
                    .rows.first.flatMap { $0[0] }.flatMap { Int($0) } ?? 0
                if waiting > 0 { throw ShopRegistryError.factsWaiting(name, waiting) }
                if try connection.execute("DELETE FROM shops WHERE name = $1 RETURNING name", [name]).rows.isEmpty {
                    throw ShopRegistryError.notFound(name)
                }
                // As on SQLite: its other facts go with it.
                _ = try connection.execute("DELETE FROM shop_facts WHERE shop = $1", [name])
            }
        }
    }

    /// The page's orders and the shop's progress in one transaction.
    func recordPullPage(_ page: ShopPullPage, at date: Date) throws -> OrderStoreChange? {
        var seen = Set<OrderID>()
        for order in page.orders where !seen.insert(order.id).inserted { throw OrderStoreError.duplicateID(order.id) }
        return try writing {
            try connection.transaction {
                let written = try upsertRows(page.orders, actor: page.actor, expectedVersions: page.expectedVersions, at: date,
                                             audit: page.audit, door: .shop)
                let updated = try connection.execute("""
                    UPDATE shops SET pulled_through_ms = coalesce($1::bigint, pulled_through_ms), orders_pulled = orders_pulled + $2
                    WHERE name = $3 RETURNING name
                    """, [page.pulledThrough.map { String($0.millisecondsSince1970) }, String(written.count), page.shop])
                if updated.rows.isEmpty { throw ShopRegistryError.notFound(page.shop) }
                return Self.change(written)
            }
        }
    }

    func recordPullEnd(of shop: String, at date: Date, error: String?) throws {
        try writing {
            _ = try connection.execute("UPDATE shops SET last_pull_ms = $1, last_error = $2 WHERE name = $3",
                                       [String(date.millisecondsSince1970), error, shop])
        }
    }
}
