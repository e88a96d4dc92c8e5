import Foundation
import OrdersCore

/// `shop_import_digests` (schema 15) on SQLite: `ShopDigestStore`'s reads, and the digests stored
/// inside the caller's write transaction (`SQLiteWriteTransaction`, `upsert`).
extension SQLiteOrderDatabase {
    func shopDigests() throws -> [ShopRowsDigest: ShopDigestOwner] {
        try guarded {
            var digests: [ShopRowsDigest: ShopDigestOwner] = [:]
            try connection.statement(ShopDigestSQL.allCurrent).forEachRow { row in
                guard let (digest, owner) = ShopDigestSQL.owner(digest: row.text(0), id: row.int(1), source: row.text(2),
                                                                number: row.text(3)) else { return }
                digests[digest] = owner
            }
            return digests
        }
    }

    /// Read inside or outside a transaction: one statement sees one state either way.
    func shopDigests(of ids: [OrderID]) throws -> [OrderID: ShopRowsDigest] {
        try guarded {
            var digests: [OrderID: ShopRowsDigest] = [:]
            for start in stride(from: 0, to: ids.count, by: 500) {
                let group = ids[start..<min(start + 500, ids.count)]
                let placeholders = Array(repeating: "?", count: group.count).joined(separator: ", ")
                try connection.statement("\(ShopDigestSQL.currentOfOrders) WHERE d.order_id IN (\(placeholders))")
                    .forEachRow(group.map { .int($0.number) }) { row in
                        digests[OrderID(row.int(0))] = ShopRowsDigest(text: row.text(1))
                    }
            }
            return digests
        }
    }

    /// Stores each digest at its order's version inside the caller's write transaction; a record
    /// naming a version the order is no longer at stores nothing (the comparison it stands for is stale).
    func recordShopDigestsInTransaction(_ records: [ShopDigestRecord]) throws {
        guard !records.isEmpty else { return }
        try guarded {
            let insert = try connection.statement("""
                INSERT INTO shop_import_digests (order_id, version, digest)
                SELECT id, version, ? FROM orders WHERE id = ? AND (? IS NULL OR version = ?)
                ON CONFLICT (order_id) DO UPDATE SET version = excluded.version, digest = excluded.digest
                """)
            for record in records {
                let version: SQLiteValue = record.version.map { .int($0) } ?? .null
                try insert.run([.text(record.digest.text), .int(record.id.number), version, version])
            }
        }
    }
}
