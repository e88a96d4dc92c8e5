extension PostgresOrderDatabase {
    /// Every assignee and audit actor, distinct.
    func operators() throws -> [String] {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                OperatorNames.sorted(try connection.execute("""
                    SELECT assignee FROM orders WHERE assignee IS NOT NULL UNION SELECT actor FROM audit_log
                    """).rows.map { $0.first.flatMap { $0 } ?? "" })
            }
        }
    }
}
