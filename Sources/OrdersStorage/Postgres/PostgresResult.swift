import CPostgres

/// The rows a statement returned, copied out of libpq's result (which is freed at
/// once). Values are in PostgreSQL's text format; NULL is nil.
package struct PostgresResult: Equatable {
    let columns: [String]
    package let rows: [[String?]]
    /// Rows inserted, updated or deleted, from the command tag ("UPDATE 3" → 3).
    let affectedRows: Int

    init(columns: [String] = [], rows: [[String?]] = [], affectedRows: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.affectedRows = affectedRows
    }

    /// Copies a successful result; the caller still owns and clears `result`.
    init(copying result: OpaquePointer) {
        let columnCount = PQnfields(result)
        let rowCount = PQntuples(result)
        columns = (0..<columnCount).map { String(cString: PQfname(result, $0)) }
        var rows: [[String?]] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            rows.append((0..<columnCount).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            })
        }
        self.rows = rows
        affectedRows = Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// The first column of the first row, or nil when there is none or it is NULL.
    package var scalar: String? { rows.first?.first ?? nil }
}
