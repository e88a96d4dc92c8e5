extension SQLiteOrderDatabase {
    /// Every assignee and audit actor, distinct.
    func operators() throws -> [String] {
        try guarded {
            try connection.readTransaction {
                var names: [String] = []
                try connection.statement(OperatorNames.distinctSQL).forEachRow { names.append($0.text(0)) }
                return OperatorNames.sorted(names)
            }
        }
    }
}
