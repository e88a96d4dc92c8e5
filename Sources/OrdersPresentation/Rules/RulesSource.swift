import Foundation
import OrdersCore
import OrdersStorage

/// What the rules screen (`RulesModel`) asks of the store: injected, so the model never knows
/// which store it has and its tests can give it any. Every call runs off the main actor.
public protocol RulesSource: Sendable {
    /// Every rule, by name.
    func rules() async throws -> [Rule]
    /// The team's names (`OrderStore.operators()`): who a rule may assign to, and what `assignee:` completes.
    func operators() async throws -> [String]
    /// How many orders each named rule changed in `interval` (`RuleStore.ordersChanged(byRules:in:)`).
    func ordersChanged(byRules names: [String], in interval: DateInterval) async throws -> [String: Int]
    /// Replaces the rule of that name (`RuleStore.replaceRule`).
    func replaceRule(_ rule: Rule) async throws
    /// The stored orders `rule` matches and what it would change, changing nothing (`RuleTrial.matches`).
    func trial(of rule: Rule, at date: Date) async throws -> [RuleTrial.Match]
}

/// The rules of a real store: the same `RuleStore` and `RuleTrial` as `orders rules`.
public struct StoreRulesSource: RulesSource {
    let store: any OrderStore & RuleStore

    public init(store: any OrderStore & RuleStore) {
        self.store = store
    }

    public func rules() async throws -> [Rule] { try await store.rules() }
    public func operators() async throws -> [String] { try await store.operators() }

    public func ordersChanged(byRules names: [String], in interval: DateInterval) async throws -> [String: Int] {
        try await store.ordersChanged(byRules: names, in: interval)
    }

    public func replaceRule(_ rule: Rule) async throws { try await store.replaceRule(rule) }

    public func trial(of rule: Rule, at date: Date) async throws -> [RuleTrial.Match] {
        try await RuleTrial.matches(of: rule, in: store, at: date)
    }
}
