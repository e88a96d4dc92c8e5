extension PostgresOrderDatabase {
    /// Every assignee and audit actor, distinct.
    func operators() throws -> [String] {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                OperatorNames.sorted(try connection.execute(OperatorNames.distinctSQL).rows.map { $0.first.flatMap { $0 } ?? "" })
            }
        }
    }
}
