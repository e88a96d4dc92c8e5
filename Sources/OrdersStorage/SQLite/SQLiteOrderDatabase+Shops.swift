import Foundation

/// The `shops` table (schema 10) on SQLite.
extension SQLiteOrderDatabase {
    private static let shopColumns =
        "name, platform, url, ca_file, credentials_file, pulled_through_ms, last_pull_ms, orders_pulled, last_error, "
        + "(SELECT count(*) FROM shop_facts WHERE shop = shops.name AND state = 'waiting'), "
        + "(SELECT count(*) FROM shop_facts WHERE shop = shops.name AND state = 'refused')"

    func shops() throws -> [ConnectedShop] {
        try guarded {
            var shops: [ConnectedShop] = []
            try connection.statement("SELECT \(Self.shopColumns) FROM shops ORDER BY name").forEachRow { row in
                func date(_ column: Int32) -> Date? { row.isNull(column) ? nil : Date(millisecondsSince1970: row.int64(column)) }
                shops.append(ConnectedShop(
                    name: row.text(0), platform: ShopPlatform(rawValue: row.text(1)) ?? .shopify, url: row.text(2),
                    caFile: row.optionalText(3), credentialsFile: row.text(4), pulledThrough: date(5), lastPullAt: date(6),
                    ordersPulled: row.int(7), lastError: row.optionalText(8),
                    factsWaiting: row.int(9), factsRefused: row.int(10)))
            }
            return shops
        }
    }

    func addShop(_ shop: ConnectedShop, at date: Date) throws {
        try guarded {
            try connection.writeTransaction {
                var taken = false
                try connection.statement("SELECT 1 FROM shops WHERE name = ?").forEachRow([.text(shop.name)]) { _ in taken = true }
                if taken { throw ShopRegistryError.duplicateName(shop.name) }
                try connection.statement("""
                    INSERT INTO shops (name, platform, url, ca_file, credentials_file, created_ms) VALUES (?, ?, ?, ?, ?, ?)
                    """).run([.text(shop.name), .text(shop.platform.rawValue), .text(shop.url), .optionalText(shop.caFile),
                              .text(shop.credentialsFile), .integer(date.millisecondsSince1970)])
            }
        }
    }

    func removeShop(named name: String) throws {
        try guarded {
            try connection.writeTransaction {
                let waiting = try connection.integer("SELECT count(*) FROM shop_facts WHERE shop = ? AND state = 'waiting'", [.text(name)])
                if waiting > 0 { throw ShopRegistryError.factsWaiting(name, Int(waiting)) }
                try connection.statement("DELETE FROM shops WHERE name = ?").run([.text(name)])
                if try connection.integer("SELECT changes()") == 0 { throw ShopRegistryError.notFound(name) }
                // Its sent, refused and dropped facts go with it: nothing is left for a shop of that name added later.
                try connection.statement("DELETE FROM shop_facts WHERE shop = ?").run([.text(name)])
            }
        }
    }

    /// The page's orders and the shop's progress in one transaction.
    func recordPullPage(_ page: ShopPullPage, at date: Date) throws -> OrderStoreChange? {
        try guarded {
            try connection.writeTransaction {
                let written = try upsertRows(page.orders, actor: page.actor, expectedVersions: page.expectedVersions, at: date,
                                             audit: page.audit, door: .shop)
                try connection.statement("""
                    UPDATE shops SET pulled_through_ms = coalesce(?, pulled_through_ms), orders_pulled = orders_pulled + ?
                    WHERE name = ?
                    """).run([page.pulledThrough.map { .integer($0.millisecondsSince1970) } ?? .null, .int(written.count),
                              .text(page.shop)])
                if try connection.integer("SELECT changes()") == 0 { throw ShopRegistryError.notFound(page.shop) }
                return try recordChange(written)
            }
        }
    }

    func recordPullEnd(of shop: String, at date: Date, error: String?) throws {
        try guarded {
            try connection.writeTransaction {
                try connection.statement("UPDATE shops SET last_pull_ms = ?, last_error = ? WHERE name = ?")
                    .run([.integer(date.millisecondsSince1970), .optionalText(error), .text(shop)])
            }
        }
    }
}
