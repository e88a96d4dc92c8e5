import Foundation
import OrdersCore

/// `RuleStore` for both engines.
extension EngineBackedStore {
    public func rules() async throws -> [Rule] {
        try await database.rules()
    }

    public func addRule(_ rule: Rule) async throws {
        try await database.saveRule(rule, replacing: false)
    }

    public func replaceRule(_ rule: Rule) async throws {
        try await database.saveRule(rule, replacing: true)
    }

    public func removeRule(named name: String) async throws {
        try await database.removeRule(named: name)
    }

    public func recordTurns(_ turns: [String: Int]) async throws {
        try await database.recordTurns(turns)
    }

    public func ordersChanged(byRules names: [String], in interval: DateInterval) async throws -> [String: Int] {
        try await database.ordersChanged(byRules: names, in: interval)
    }

    public func recordErrors(_ errors: [String: String], at date: Date) async throws {
        try await database.recordErrors(errors, at: date)
    }
}
