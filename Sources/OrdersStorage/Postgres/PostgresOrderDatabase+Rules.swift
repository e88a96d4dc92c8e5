import Foundation
import OrdersCore

extension PostgresOrderDatabase {
    private static let ruleColumns = "name, query, runs_on, actions, enabled, changed_by, changed_ms, round_robin_turn, last_error, last_error_ms"

    func rules() throws -> [Rule] {
        try reading {
            try connection.transaction(begin: Self.beginRead) { try loadRules() }
        }
    }

    /// Every rule, by name, inside the transaction already open (a write's, for the rules that reply to it).
    func loadRules() throws -> [Rule] {
        try connection.execute("SELECT \(Self.ruleColumns) FROM rules ORDER BY name").rows.map { row in
            let text = { (column: Int) in row[column] ?? "" }
            return Rule(name: text(0), query: text(1), trigger: RuleTrigger(rawValue: text(2)) ?? .arrive,
                        actions: (try? Rule.decodeActions(text(3))) ?? [], enabled: text(4) == "t",
                        changedBy: text(5), changedAt: Date(millisecondsSince1970: Int64(text(6)) ?? 0),
                        roundRobinTurn: Int(text(7)) ?? 0, lastError: row[8],
                        lastErrorAt: row[9].flatMap { Int64($0) }.map { Date(millisecondsSince1970: $0) })
        }
    }

    /// Adds (`replacing` false) or replaces a rule in one transaction.
    func saveRule(_ rule: Rule, replacing: Bool) throws {
        try writing {
            try connection.transaction {
                let values: [String?] = [rule.name, rule.query, rule.trigger.rawValue, Rule.encodeActions(rule.actions),
                                         rule.enabled ? "true" : "false", rule.changedBy,
                                         String(rule.changedAt.millisecondsSince1970)]
                if replacing {
                    let result = try connection.execute("""
                        UPDATE rules SET query = $2, runs_on = $3, actions = $4, enabled = $5::boolean, changed_by = $6,
                            changed_ms = $7::bigint, last_error = NULL, last_error_ms = NULL
                        WHERE name = $1
                        """, values)
                    if result.affectedRows == 0 { throw RuleError.notFound(rule.name) }
                } else {
                    let result = try connection.execute("""
                        INSERT INTO rules (name, query, runs_on, actions, enabled, changed_by, changed_ms)
                        VALUES ($1, $2, $3, $4, $5::boolean, $6, $7::bigint) ON CONFLICT (name) DO NOTHING
                        """, values)
                    if result.affectedRows == 0 { throw RuleError.duplicate(rule.name) }
                }
            }
        }
    }

    func removeRule(named name: String) throws {
        try writing {
            try connection.transaction {
                if try connection.execute("DELETE FROM rules WHERE name = $1", [name]).affectedRows == 0 {
                    throw RuleError.notFound(name)
                }
            }
        }
    }

    func recordErrors(_ errors: [String: String], at date: Date) throws {
        try writing {
            try connection.transaction {
                for (name, error) in errors.sorted(by: { $0.key < $1.key }) {
                    try connection.execute("UPDATE rules SET last_error = $1, last_error_ms = $2::bigint WHERE name = $3",
                                           [error, String(date.millisecondsSince1970), name])
                }
            }
        }
    }

    func recordTurns(_ turns: [String: Int]) throws {
        try writing {
            try connection.transaction { try addTurns(turns) }
        }
    }

    /// Adds round-robin turns inside the write transaction already open.
    func addTurns(_ turns: [String: Int]) throws {
        for (name, count) in turns.sorted(by: { $0.key < $1.key }) {
            try connection.execute("UPDATE rules SET round_robin_turn = round_robin_turn + $1::bigint WHERE name = $2",
                                   [String(count), name])
        }
    }

    /// One count per rule, each by the audit log's actor index (`audit_log_by_actor`), in one read.
    func ordersChanged(byRules names: [String], in interval: DateInterval) throws -> [String: Int] {
        try reading {
            try connection.transaction(begin: Self.beginRead) {
                var counts: [String: Int] = [:]
                for name in names {
                    let rows = try connection.execute("""
                        SELECT count(DISTINCT order_id) FROM audit_log
                        WHERE actor = $1 AND at_ms >= $2::bigint AND at_ms < $3::bigint
                        """, [Rule.actorPrefix + name, String(interval.start.millisecondsSince1970),
                              String(interval.end.millisecondsSince1970)]).rows
                    counts[name] = rows.first.flatMap { $0.first.flatMap { $0 } }.flatMap { Int($0) } ?? 0
                }
                return counts
            }
        }
    }
}
