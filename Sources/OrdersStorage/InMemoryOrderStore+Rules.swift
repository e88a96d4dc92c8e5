import Foundation
import OrdersCore

/// Rules kept in memory with the same refusals as the databases' (`SQLiteOrderDatabase+Rules`).
extension InMemoryOrderStore: RuleStore {
    public func rules() async throws -> [Rule] {
        state.withLock { $0.rules.values.sorted { $0.name < $1.name } }
    }

    public func addRule(_ rule: Rule) async throws {
        try state.withLock { state throws(RuleError) in
            guard state.rules[rule.name] == nil else { throw RuleError.duplicate(rule.name) }
            var added = rule
            added.roundRobinTurn = 0
            added.lastError = nil
            added.lastErrorAt = nil
            state.rules[rule.name] = added
        }
    }

    public func replaceRule(_ rule: Rule) async throws {
        try state.withLock { state throws(RuleError) in
            guard let stored = state.rules[rule.name] else { throw RuleError.notFound(rule.name) }
            var replaced = rule
            replaced.roundRobinTurn = stored.roundRobinTurn
            replaced.lastError = nil
            replaced.lastErrorAt = nil
            state.rules[rule.name] = replaced
        }
    }

    public func removeRule(named name: String) async throws {
        try state.withLock { state throws(RuleError) in
            guard state.rules.removeValue(forKey: name) != nil else { throw RuleError.notFound(name) }
        }
    }

    public func recordTurns(_ turns: [String: Int]) async throws {
        state.withLock { state in
            for (name, count) in turns { state.rules[name]?.roundRobinTurn += count }
        }
    }

    public func recordErrors(_ errors: [String: String], at date: Date) async throws {
        state.withLock { state in
            for (name, error) in errors where state.rules[name] != nil {
                state.rules[name]?.lastError = error
                state.rules[name]?.lastErrorAt = date.wholeMilliseconds
            }
        }
    }

    public func ordersChanged(byRules names: [String], in interval: DateInterval) async throws -> [String: Int] {
        state.withLock { state in
            var counts: [String: Int] = [:]
            for name in names {
                let actor = Rule.actorPrefix + name
                counts[name] = state.history.filter { _, entries in
                    entries.contains { $0.entry.actor == actor && $0.entry.at >= interval.start && $0.entry.at < interval.end }
                }.count
            }
            return counts
        }
    }
}
