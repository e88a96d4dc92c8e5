import Foundation
import OrdersCore

extension SQLiteOrderDatabase {
    private static let ruleColumns = "name, query, runs_on, actions, enabled, changed_by, changed_ms, round_robin_turn, last_error, last_error_ms"

    func rules() throws -> [Rule] {
        try guarded {
            try connection.readTransaction { try loadRules() }
        }
    }

    /// Every rule, by name, inside the transaction already open (a write's, for the rules that reply to it).
    func loadRules() throws -> [Rule] {
        var rules: [Rule] = []
        try connection.statement("SELECT \(Self.ruleColumns) FROM rules ORDER BY name").forEachRow { row in
            rules.append(Rule(name: row.text(0), query: row.text(1), trigger: RuleTrigger(rawValue: row.text(2)) ?? .arrive,
                              actions: (try? Rule.decodeActions(row.text(3))) ?? [], enabled: row.int(4) != 0,
                              changedBy: row.text(5), changedAt: Date(millisecondsSince1970: row.int64(6)),
                              roundRobinTurn: row.int(7), lastError: row.optionalText(8),
                              lastErrorAt: row.isNull(9) ? nil : Date(millisecondsSince1970: row.int64(9))))
        }
        return rules
    }

    /// Adds (`replacing` false) or replaces a rule in one transaction.
    func saveRule(_ rule: Rule, replacing: Bool) throws {
        try guarded {
            try connection.writeTransaction {
                let exists = try connection.integer("SELECT count(*) FROM rules WHERE name = ?", [.text(rule.name)]) > 0
                if replacing, !exists { throw RuleError.notFound(rule.name) }
                if !replacing, exists { throw RuleError.duplicate(rule.name) }
                let values: [SQLiteValue] = [.text(rule.name), .text(rule.query), .text(rule.trigger.rawValue),
                                             .text(Rule.encodeActions(rule.actions)), .bool(rule.enabled),
                                             .text(rule.changedBy), .integer(rule.changedAt.millisecondsSince1970)]
                if replacing {
                    try connection.statement("""
                        UPDATE rules SET query = ?2, runs_on = ?3, actions = ?4, enabled = ?5, changed_by = ?6, changed_ms = ?7,
                            last_error = NULL, last_error_ms = NULL
                        WHERE name = ?1
                        """).run(values)
                } else {
                    try connection.statement("""
                        INSERT INTO rules (name, query, runs_on, actions, enabled, changed_by, changed_ms)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """).run(values)
                }
            }
        }
    }

    func removeRule(named name: String) throws {
        try guarded {
            try connection.writeTransaction {
                try connection.statement("DELETE FROM rules WHERE name = ?").run([.text(name)])
                if connection.changes == 0 { throw RuleError.notFound(name) }
            }
        }
    }

    func recordErrors(_ errors: [String: String], at date: Date) throws {
        try guarded {
            try connection.writeTransaction {
                for (name, error) in errors.sorted(by: { $0.key < $1.key }) {
                    try connection.statement("UPDATE rules SET last_error = ?, last_error_ms = ? WHERE name = ?")
                        .run([.text(error), .integer(date.millisecondsSince1970), .text(name)])
                }
            }
        }
    }

    func recordTurns(_ turns: [String: Int]) throws {
        try guarded {
            try connection.writeTransaction { try addTurns(turns) }
        }
    }

    /// Adds round-robin turns inside the write transaction already open.
    func addTurns(_ turns: [String: Int]) throws {
        for (name, count) in turns.sorted(by: { $0.key < $1.key }) {
            try connection.statement("UPDATE rules SET round_robin_turn = round_robin_turn + ? WHERE name = ?")
                .run([.int(count), .text(name)])
        }
    }

    /// One count per rule, each by the audit log's actor index (`audit_log_by_actor`), in one read.
    func ordersChanged(byRules names: [String], in interval: DateInterval) throws -> [String: Int] {
        try guarded {
            try connection.readTransaction {
                var counts: [String: Int] = [:]
                for name in names {
                    counts[name] = Int(try connection.integer("""
                        SELECT count(DISTINCT order_id) FROM audit_log WHERE actor = ? AND at_ms >= ? AND at_ms < ?
                        """, [.text(Rule.actorPrefix + name), .integer(interval.start.millisecondsSince1970),
                              .integer(interval.end.millisecondsSince1970)]))
                }
                return counts
            }
        }
    }
}
