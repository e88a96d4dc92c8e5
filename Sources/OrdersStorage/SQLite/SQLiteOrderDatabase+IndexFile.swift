import Foundation
import OrdersCore

extension SQLiteOrderDatabase {
    /// More changed orders than this since an index file's mark, and it is rebuilt from the scan
    /// rather than patched (reading them one query per 500 would take longer than the scan).
    static let maxIndexFileChanges = 50_000

    /// The newest change-log entry and the schema version, read together.
    func indexMark() throws -> IndexMark? {
        try guarded { try connection.readTransaction { try indexMarkInTransaction() } }
    }

    private func indexMarkInTransaction() throws -> IndexMark? {
        let schema = Int(try connection.integer("PRAGMA user_version"))
        var mark: IndexMark?
        try connection.statement("SELECT seq, writer FROM change_log ORDER BY seq DESC LIMIT 1").forEachRow { row in
            mark = IndexMark(identity: row.text(1), sequence: row.int64(0), schemaVersion: schema)
        }
        return mark
    }

    /// What changed since an index file's mark, in one read transaction: the file is this
    /// database's when the change-log entry at its mark was written by the connection it names;
    /// the orders of every later entry are what it misses.
    func indexChanges(since mark: IndexMark) throws -> Result<IndexChanges, IndexFileProblem> {
        try guarded {
            try connection.readTransaction {
                // A file but no change ever logged: the file cannot be this database's.
                guard let current = try indexMarkInTransaction() else { return .failure(.foreign) }
                guard current.schemaVersion == mark.schemaVersion else {
                    return .failure(.otherVersion("written under schema \(mark.schemaVersion); the database is at \(current.schemaVersion)"))
                }
                var writerAtMark: String?
                try connection.statement("SELECT writer FROM change_log WHERE seq = ?").forEachRow([.integer(mark.sequence)]) {
                    writerAtMark = $0.text(0)
                }
                guard let writerAtMark else {
                    // The log only grows, and keeps its last 10,000 entries: a mark beyond its end is another
                    // database's (or an older copy of this one); one before its start was pruned away.
                    return .failure(current.sequence < mark.sequence ? .foreign : .stale("the change log no longer reaches back to it"))
                }
                guard writerAtMark == mark.identity else { return .failure(.foreign) }
                var ids: [OrderID] = []
                var unlisted = false
                try connection.statement("SELECT order_id FROM change_log WHERE seq > ? AND seq <= ? ORDER BY seq")
                    .forEachRow([.integer(mark.sequence), .integer(current.sequence)]) { row in
                        if row.isNull(0) { unlisted = true } else { ids.append(OrderID(row.int(0))) }
                    }
                if unlisted { return .failure(.stale("a change too large to list was made since it was written")) }
                var seen = Set<OrderID>()
                ids = ids.filter { seen.insert($0).inserted }
                if ids.count > Self.maxIndexFileChanges { return .failure(.stale("\(ids.count) orders changed since it was written")) }
                return .success(IndexChanges(orders: ids, mark: current))
            }
        }
    }
}
