/// One row of a result in PostgreSQL's text format, read by column position. A value
/// that is not what its column holds is an `unusable` database, never a trap.
struct PostgresRow: StoredRow {
    let values: [String?]

    init(_ values: [String?]) {
        self.values = values
    }

    func text(_ column: Int) -> String { values[column] ?? "" }

    func optionalText(_ column: Int) -> String? { values[column] }

    func bool(_ column: Int) -> Bool { values[column] == "t" }

    func int64(_ column: Int) throws -> Int64 {
        guard let value = try optionalInt64(column) else { throw unexpected(column) }
        return value
    }

    func int(_ column: Int) throws -> Int {
        guard let value = Int(exactly: try int64(column)) else { throw unexpected(column) }
        return value
    }

    func optionalInt64(_ column: Int) throws -> Int64? {
        guard let text = values[column] else { return nil }
        guard let value = Int64(text) else { throw unexpected(column) }
        return value
    }

    private func unexpected(_ column: Int) -> OrderStoreError {
        .unusable("The PostgreSQL database holds \"\(values[column] ?? "NULL")\" where a whole number belongs (column \(column + 1)).")
    }
}
