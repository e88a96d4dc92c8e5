import Foundation
import OrdersCore

/// The rules every store follows for one update, whatever keeps its data.
enum AuditTrail {
    /// Applies `mutations` to `order` if it is still at `expectedVersion`, returning the audit
    /// entries to store. A moved-on version throws `.conflict` naming the fields changed since
    /// (read lazily through `entriesSince`, only when the version moved on); a refused status
    /// change throws `.invalidTransition`. On any error `order` is left as it was.
    /// Changes that commute with what was written since (`OrderMutation.commute`: appends always, a
    /// shipment after someone's tag) apply to the latest version, so two operators adding notes at once
    /// both succeed and nothing is overwritten; the domain's rules then check them against it.
    /// An update is an operator's door (`AuditSource.operator`; a rule's own update is the rule's).
    static func applyUpdate(
        to order: inout Order, expectedVersion: Int, mutations: [OrderMutation], actor: String, at date: Date,
        entriesSince: (_ version: Int?) throws -> [AuditEntry]
    ) throws -> [AuditEntry] {
        if order.version != expectedVersion && !mutations.allSatisfy(\.isAppend) {
            let later = try entriesSince(expectedVersion)
            // A version ahead of the stored one (a handle on another database) is never taken as seen.
            guard expectedVersion < order.version, OrderMutation.commute(mutations, withLater: later) else {
                throw OrderStoreError.conflict(current: order, expectedVersion: expectedVersion, changedFields: changedFields(in: later))
            }
        }
        let history = mutations.contains(where: \.isUndo) ? OrderChangeHistory(try entriesSince(nil)) : nil
        do {
            return try order.applyRecordingUndo(mutations, actor: actor, at: date, history: history)
                .map { $0.stamped(writtenBy: .operator) }
        } catch let error as StatusTransitionError {
            throw OrderStoreError.invalidTransition(error)
        }
    }

    /// One order's update worked out in memory, before anything of it is written: what a
    /// database store's update writes (`prepareUpdate`).
    struct PreparedUpdate {
        /// The order as it is to be stored (as stored already when `entries` is empty).
        var order: Order
        /// The version the stored row has now: the write's guard.
        var storedVersion: Int
        /// The change's history and the rules' reply's, all at `order.version`; empty when the
        /// mutations changed nothing, and then nothing is written.
        var entries: [AuditEntry]
        /// The round-robin turns the rules' reply took, to add to the stored rules.
        var turnsTaken: [String: Int]
        var mutations: [OrderMutation]
    }

    /// A database store's update of one order, up to what it writes: the version check and the
    /// mutations (`applyUpdate`), then the rules' reply (`rulesReply`). `stored` is the order as
    /// its row holds it now (nil: not found), read and locked in the write's transaction; `history`
    /// its stored history after a version (all of it for nil), read only when needed. Throws the
    /// order's own refusal (nothing of it is to be written) or a database error from the reads.
    /// `book` holds the rules across the updates of one transaction (`rulesReply`).
    static func prepareUpdate(
        of stored: Order?, _ change: OrderUpdate, actor: String, at date: Date, book: inout RuleBook?,
        rules: () throws -> [Rule], history: (_ after: Int?) throws -> [AuditEntry]
    ) throws -> PreparedUpdate {
        guard var order = stored else { throw OrderStoreError.notFound(change.id) }
        let storedVersion = order.version
        var entries = try applyUpdate(to: &order, expectedVersion: change.expectedVersion, mutations: change.mutations,
                                      actor: actor, at: date, entriesSince: history)
        let reply = try rulesReply(to: &order, after: entries, mutations: change.mutations, actor: actor, at: date,
                                   book: &book, rules: rules, history: { try history(nil) })
        entries += reply.entries
        return PreparedUpdate(order: order, storedVersion: storedVersion, entries: entries, turnsTaken: reply.turnsTaken,
                              mutations: change.mutations)
    }

    /// The team's `change` rules in reply to a person's change of `order` (`entries`, just applied):
    /// their entries, to write with the change in its transaction and version (`RuleBook.reply`), and
    /// the round-robin turns they took, to add in that transaction too. Nothing runs in reply to a
    /// rule's own change (no loops) or to an undo (it puts back; a rule replying would make the
    /// undo do something else than take the change back). `rules` and `history` (the order's stored
    /// history) are read only when needed: a change no rule's query matches reads no history.
    ///
    /// `book` is the rules as read for the first order of a transaction that needed them, kept for
    /// the next orders of that transaction (nil: not read yet): it counts the round-robin turns each
    /// reply takes, so the next order is given the next person, as reading the rules again after
    /// each order's write would give.
    static func rulesReply(
        to order: inout Order, after entries: [AuditEntry], mutations: [OrderMutation], actor: String, at date: Date,
        book: inout RuleBook?, rules: () throws -> [Rule], history: () throws -> [AuditEntry]
    ) throws -> RuleBook.Applied {
        guard !entries.isEmpty, !actor.hasPrefix(Rule.actorPrefix), !mutations.contains(where: \.isUndo) else {
            return RuleBook.Applied()
        }
        var current = try book ?? RuleBook(rules(), now: date)
        defer { book = current }
        guard current.hasRules(for: .change), current.matches(order) else { return RuleBook.Applied() }
        var reply = current.reply(to: &order, history: try history() + entries, at: date)
        reply.entries = reply.entries.map { $0.stamped(writtenBy: .rule) }
        return reply
    }

    /// The distinct fields changed by the given entries, in the order they first changed.
    static func changedFields(in entries: some Sequence<AuditEntry>) -> [String] {
        var seen = Set<String>()
        var fields: [String] = []
        for entry in entries where entry.isForPeople && seen.insert(entry.field).inserted {
            fields.append(entry.field)
        }
        return fields
    }
}
