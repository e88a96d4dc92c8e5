import Foundation
import OrdersCore

/// A rule tried on the orders already stored (`orders rules test`: nothing is written) and
/// applied to them (`orders rules apply --existing`: through `OrderStore.update`, the rule as
/// the actor, each order only if it has not changed since it was read).
public enum RuleTrial {
    /// One stored order the rule matches, and what the rule would write to its history.
    public struct Match: Sendable {
        public var order: Order
        public var changes: [AuditEntry]
    }

    /// Every stored order `rule` matches (enabled or not, whatever its trigger), in key order,
    /// with what it would change now. Reads only.
    public static func matches(of rule: Rule, in store: any OrderStore, at date: Date) async throws -> [Match] {
        var enabled = rule
        enabled.enabled = true
        _ = try enabled.parsedQuery(now: date)
        var book = RuleBook([enabled], now: date)
        var matches: [Match] = []
        for try await batch in store.scanAll(batchSize: 1_000) {
            for order in batch {
                // Only a matching order's history is read: the operator check needs it.
                guard book.matches(order) else { continue }
                var changed = order
                let applied = book.apply(to: &changed, event: nil, history: try await store.history(of: order.id), at: date)
                matches.append(Match(order: order, changes: applied.entries))
            }
        }
        return matches
    }

    /// What `apply(_:to:at:)` did.
    public struct Outcome: Sendable, Equatable {
        public var changed: [OrderReference] = []
        /// Orders changed by someone between reading and writing: left as they are (run it again).
        public var changedMeanwhile: [OrderReference] = []
    }

    /// Applies `rule` to the stored orders it would change (`matches`), one order per transaction,
    /// and records the round-robin turns it took.
    public static func apply(_ rule: Rule, to store: any OrderStore & RuleStore, at date: Date) async throws -> Outcome {
        var enabled = rule
        enabled.enabled = true
        _ = try enabled.parsedQuery(now: date)
        var book = RuleBook([enabled], now: date)
        var outcome = Outcome()
        for match in try await matches(of: rule, in: store, at: date) where !match.changes.isEmpty {
            let history = try await store.history(of: match.order.id)
            for planned in book.plannedChanges(to: match.order, history: history, at: date) {
                do {
                    try await store.update(match.order.id, expectedVersion: match.order.version, mutations: planned.mutations,
                                           actor: planned.actor)
                    outcome.changed.append(match.order.reference)
                } catch OrderStoreError.conflict {
                    outcome.changedMeanwhile.append(match.order.reference)
                }
            }
        }
        try await store.recordTurns(book.turnsTaken)
        return outcome
    }
}
