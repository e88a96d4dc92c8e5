extension SQLiteOrderDatabase {
    /// Every assignee and audit actor, distinct.
    func operators() throws -> [String] {
        try guarded {
            try connection.readTransaction {
                var names: [String] = []
                try connection.statement("""
                    SELECT assignee FROM orders WHERE assignee IS NOT NULL UNION SELECT actor FROM audit_log
                    """).forEachRow { names.append($0.text(0)) }
                return OperatorNames.sorted(names)
            }
        }
    }
}
