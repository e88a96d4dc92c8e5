import Foundation
import OrdersCore

/// `shop_import_digests` (migration 15) on PostgreSQL, as SQLite's.
extension PostgresOrderDatabase {
    func shopDigests() throws -> [ShopRowsDigest: ShopDigestOwner] {
        try reading {
            var digests: [ShopRowsDigest: ShopDigestOwner] = [:]
            for values in try connection.execute(ShopDigestSQL.allCurrent).rows {
                let row = PostgresRow(values)
                guard let (digest, owner) = ShopDigestSQL.owner(digest: row.text(0), id: try row.int(1), source: row.text(2),
                                                                number: row.text(3)) else { continue }
                digests[digest] = owner
            }
            return digests
        }
    }

    func shopDigests(of ids: [OrderID]) throws -> [OrderID: ShopRowsDigest] {
        guard !ids.isEmpty else { return [:] }
        return try reading {
            var digests: [OrderID: ShopRowsDigest] = [:]
            for values in try connection.execute("\(ShopDigestSQL.currentOfOrders) WHERE d.order_id = ANY($1::bigint[])",
                                                 [PostgresArray.literal(integers: ids.map(\.number))]).rows {
                let row = PostgresRow(values)
                digests[OrderID(try row.int(0))] = ShopRowsDigest(text: row.text(1))
            }
            return digests
        }
    }

    /// Stores the digests inside the caller's transaction in one statement; as on SQLite, a record
    /// naming a version its order is no longer at stores nothing (-1 in the array: no version named).
    func recordShopDigestRows(_ records: [ShopDigestRecord]) throws {
        guard !records.isEmpty else { return }
        // One row per order, the last record kept: a statement may not update a row twice.
        var last: [OrderID: ShopDigestRecord] = [:]
        for record in records { last[record.id] = record }
        let records = Array(last.values)
        _ = try connection.execute("""
            INSERT INTO shop_import_digests (order_id, version, digest)
            SELECT o.id, o.version, r.digest
            FROM unnest($1::bigint[], $2::text[], $3::bigint[]) AS r (id, digest, version)
            JOIN orders o ON o.id = r.id AND (r.version < 0 OR o.version = r.version)
            ON CONFLICT (order_id) DO UPDATE SET version = excluded.version, digest = excluded.digest
            """, [PostgresArray.literal(integers: records.map(\.id.number)),
                  PostgresArray.literal(texts: records.map(\.digest.text)),
                  PostgresArray.literal(integers: records.map { $0.version ?? -1 })])
    }
}
