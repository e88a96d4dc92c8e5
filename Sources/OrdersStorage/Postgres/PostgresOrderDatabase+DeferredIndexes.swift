import Foundation

/// A load into empty order tables (`orders demo`, `orders copy` to a new server) builds the secondary
/// indexes once at the end instead of keeping them current row by row: a million orders arrive with
/// 14 indexes on `orders` alone, two of them `pg_trgm` GIN indexes, and maintaining those per row was
/// most of the load's time. The drop and the build are inside the load's transaction, so a rollback
/// brings the indexes back untouched and no other session ever sees the tables without them.
extension PostgresOrderDatabase {
    /// The tables an order's data lives in; `audit_log` goes with them in a copy.
    static var orderDataTables: [String] { ["orders", "audit_log"] + StoredChildTable.allCases.map(\.name) }

    /// Memory for building the deferred indexes (this transaction only): GIN builds are far faster
    /// with room to sort, and PostgreSQL's default (64 MB) is sized for a small server's maintenance.
    static let indexBuildMemory = "256MB"

    /// Drops the plain secondary indexes of the order tables when they hold no rows, and returns
    /// their definitions for `buildDeferredIndexes`. Primary keys and unique indexes stay: they are
    /// rules the load must obey, not lookups. Call inside the load's transaction, after its lock.
    func dropSecondaryIndexesOfEmptyTables() throws -> [String] {
        let empty = try connection.execute("SELECT NOT EXISTS (SELECT 1 FROM orders)").scalar == "t"
        guard empty else { return [] }
        let indexes = try connection.execute("""
            SELECT index.indexrelid::regclass::text, pg_get_indexdef(index.indexrelid)
            FROM pg_index AS index JOIN pg_class AS tableClass ON tableClass.oid = index.indrelid
            WHERE tableClass.oid = ANY(ARRAY(SELECT to_regclass(name) FROM unnest($1::text[]) AS name))
                AND NOT index.indisprimary AND NOT index.indisunique
            ORDER BY 1
            """, [PostgresArray.literal(texts: Self.orderDataTables)]).rows.map(PostgresRow.init)
        var definitions: [String] = []
        for index in indexes {
            // A name from the catalogue (regclass text is already quoted where it needs to be); never user text.
            try connection.executeScript("DROP INDEX \(index.text(0))")
            definitions.append(index.text(1))
        }
        return definitions
    }

    /// Builds the indexes `dropSecondaryIndexesOfEmptyTables` dropped, inside the same transaction.
    func buildDeferredIndexes(_ definitions: [String]) throws {
        guard !definitions.isEmpty else { return }
        try connection.executeScript("SET LOCAL maintenance_work_mem = '\(Self.indexBuildMemory)'")
        for definition in definitions { try connection.executeScript(definition) }
    }

    /// Gives the planner the loaded tables' statistics at once (autovacuum would get there in its
    /// own time): the served list's choice reads `reltuples`, and every plan reads the estimates.
    func analyzeOrderTables() throws {
        try connection.executeScript("ANALYZE " + Self.orderDataTables.joined(separator: ", "))
    }
}
