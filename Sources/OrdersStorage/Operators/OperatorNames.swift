/// The operators a store has seen, as every store returns them from `operators()`.
package enum OperatorNames {
    /// Every assignee and audit actor, distinct, for SQLite and PostgreSQL alike. Each recursive step
    /// asks an index (`orders_by_assignee_name`, `audit_log_by_actor`) for the next name after the
    /// last one, so the cost grows with the number of names, not of orders or audit entries: a
    /// launch on a million orders reads a few pages instead of both tables.
    static let distinctSQL = """
        WITH RECURSIVE
            assignees(name) AS (
                SELECT min(assignee) FROM orders
                UNION ALL
                SELECT (SELECT min(assignee) FROM orders WHERE assignee > assignees.name)
                FROM assignees WHERE assignees.name IS NOT NULL),
            actors(name) AS (
                SELECT min(actor) FROM audit_log
                UNION ALL
                SELECT (SELECT min(actor) FROM audit_log WHERE actor > actors.name)
                FROM actors WHERE actors.name IS NOT NULL)
        SELECT name FROM assignees WHERE name IS NOT NULL
        UNION
        SELECT name FROM actors WHERE name IS NOT NULL
        """

    /// Distinct, without empty names, sorted case-insensitively (then bytewise, so two
    /// spellings of one name keep a fixed order): the same list whichever backend read it.
    package static func sorted(_ names: some Sequence<String>) -> [String] {
        Set(names.filter { !$0.isEmpty }).sorted { left, right in
            let (foldedLeft, foldedRight) = (left.lowercased(), right.lowercased())
            return foldedLeft != foldedRight ? foldedLeft < foldedRight : left < right
        }
    }
}
