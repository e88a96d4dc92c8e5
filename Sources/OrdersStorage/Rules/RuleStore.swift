import Foundation
import OrdersCore

/// The team's rules, kept in the database (SQLite and PostgreSQL migration 11), so a team on one
/// PostgreSQL shares them and their round-robin turns.
public protocol RuleStore: Sendable {
    /// Every rule, by name.
    func rules() async throws -> [Rule]
    /// Adds a rule; refused (`RuleError`) when the name is taken.
    func addRule(_ rule: Rule) async throws
    /// Replaces the rule of that name (its round-robin turn is kept); refused when there is none.
    func replaceRule(_ rule: Rule) async throws
    /// Refused when there is no rule of that name.
    func removeRule(named name: String) async throws
    /// Adds the round-robin turns taken (`RuleBook.turnsTaken`) to the stored ones.
    func recordTurns(_ turns: [String: Int]) async throws
    /// How many orders each named rule changed in `interval`: the distinct orders of the history
    /// entries whose actor is `rule:NAME` and whose time is in it (start included, end not), by
    /// NAME; a rule that changed none is 0. Counted by the store (the actor index), never by
    /// reading orders: the app's rules screen asks it for today.
    func ordersChanged(byRules names: [String], in interval: DateInterval) async throws -> [String: Int]
    /// Records each named rule's error (`Rule.lastError`) with its time; a rule since removed is skipped.
    func recordErrors(_ errors: [String: String], at date: Date) async throws
}

extension RuleStore {
    /// The rule of that name, or `RuleError` naming it.
    public func rule(named name: String) async throws -> Rule {
        guard let rule = try await rules().first(where: { $0.name == name }) else { throw RuleError.notFound(name) }
        return rule
    }
}

/// The rules every writer of an import or a pull applies: the one place they are read, for
/// `ShopImporter` and `ShopSync`, and written back (the round-robin turns taken).
public enum StoreRuleBook {
    /// The enabled rules of `store` (none for a store that keeps no rules), against `now`.
    public static func load(from store: any OrderStore, now: Date) async throws -> RuleBook {
        guard let ruleStore = store as? any RuleStore else { return RuleBook([], now: now) }
        return RuleBook(try await ruleStore.rules(), now: now)
    }

    /// Writes what running `book` leaves to keep, after the orders it changed were written: the
    /// round-robin turns it took, and each rule's error (`Rule.lastError`, which the app's rules screen shows).
    public static func recordTurns(of book: RuleBook, in store: any OrderStore) async throws {
        guard let ruleStore = store as? any RuleStore else { return }
        if !book.turnsTaken.isEmpty { try await ruleStore.recordTurns(book.turnsTaken) }
        if !book.errors.isEmpty { try await ruleStore.recordErrors(book.errors, at: book.madeAt) }
    }
}
