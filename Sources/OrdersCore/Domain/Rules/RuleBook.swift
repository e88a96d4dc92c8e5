import Foundation

/// The enabled rules as the writers of an import or a pull apply them: in order of name (a
/// stated order an operator can predict: `10-hold` before `20-tag`), each at most once per order
/// and event, each action applied through `Order.apply` with the rule as the actor.
///
/// Never overriding an operator: an action that sets something is skipped when the order's
/// history shows someone who is not a rule set it by hand before (`assignee` for the assigns,
/// `fulfillment` for a hold, `flagged` for a flag), a tag is not added again when someone who is
/// not a rule took that very tag off, and a note is not added twice by one rule. An assign also
/// skips an order that has an assignee. The import itself writes no such field entries (only
/// "order replaced by import"), so only people's changes count.
///
/// Where they run: on what an import or a pull writes (`ShopBatchMerge`, `OrderImporter`), and in
/// reply to a person's change of one order (`reply`, from the stores' update).
///
/// No loops: what a rule changes is written with the order in the same transaction and does not
/// make rules run again: the writers above never run rules on a rule's write (a change whose actor
/// is a rule, as `orders rules apply --existing` makes, runs none).
public struct RuleBook: Sendable {
    /// What a rule's hold note starts with (`On hold: high risk`): the note says why the order waits,
    /// and a shop is sent the words after it as the hold's reason (`ShopFacts.change`).
    public static let holdNotePrefix = "On hold: "

    public struct Applied: Sendable {
        public var entries: [AuditEntry] = []
        /// The rules that matched (whether or not they changed anything), in the order they ran.
        public var matched: [String] = []
        /// The round-robin turns this application took, by rule name (also added to the book's).
        public var turnsTaken: [String: Int] = [:]

        /// Nothing applied: no rule matched.
        public init() {}
    }

    private struct Compiled: Sendable {
        var rule: Rule
        var query: OrderQuery
        /// `rule.actor`, made once rather than for every order the rule changes.
        var actor: String
    }

    private var compiled: [Compiled]
    /// When the book was made: the time its errors are recorded with.
    public let madeAt: Date
    /// Each rule's error met while making or applying the book, one sentence, by rule name: a query
    /// that no longer parses (the rule is left out), or an action an order refused (the first such).
    public private(set) var errors: [String: String] = [:]
    /// The round-robin turns taken in this book, by rule name: added to the stored turns when written.
    public private(set) var turnsTaken: [String: Int] = [:]

    /// The enabled rules among `rules` whose query parses (one that no longer parses, say a
    /// keyword since renamed, is left out: `errors` says why), queries resolved against `now`.
    public init(_ rules: [Rule], now: Date) {
        var compiled: [Compiled] = []
        var errors: [String: String] = [:]
        for rule in rules.sorted(by: { $0.name < $1.name }) where rule.enabled {
            do throws(RuleError) {
                compiled.append(Compiled(rule: rule, query: try rule.parsedQuery(now: now), actor: rule.actor))
            } catch {
                errors[rule.name] = error.description
            }
        }
        self.compiled = compiled
        self.errors = errors
        self.madeAt = now
    }

    public var isEmpty: Bool { compiled.isEmpty }

    /// Whether any rule runs on `event`: when none does, the writers need not read any history.
    public func hasRules(for event: RuleEvent) -> Bool {
        compiled.contains { $0.rule.trigger.runs(on: event) }
    }

    /// Applies the rules that run on `event` (every rule when nil: a rule tried or applied by hand)
    /// and match `order`; `history` is the order's stored history (empty for a new one). Version and
    /// `updatedAt` move once, however many rules changed it.
    public mutating func apply(to order: inout Order, event: RuleEvent?, history: [AuditEntry], at date: Date) -> Applied {
        let version = order.version
        let applied = run(on: &order, event: event, history: history, at: date)
        if !applied.entries.isEmpty { order.version = version + 1 }
        return applied
    }

    /// The `change` rules in reply to a person's change of `order`, which `history` ends with: in
    /// the same version as that change, so undoing it (`OrderMutation.undoChange`) takes back what
    /// the rules did in reply too, and the version the person's write made stays the one to undo.
    public mutating func reply(to order: inout Order, history: [AuditEntry], at date: Date) -> Applied {
        run(on: &order, event: .change, history: history, at: date)
    }

    /// Each rule's `Order.apply` moves the version; `run` leaves it where it found it.
    private mutating func run(on order: inout Order, event: RuleEvent?, history: [AuditEntry], at date: Date) -> Applied {
        var applied = Applied()
        let version = order.version
        defer { order.version = version }
        for index in compiled.indices where event.map({ compiled[index].rule.trigger.runs(on: $0) }) ?? true {
            guard compiled[index].query.matches(order, among: CustomerOrderCounts()) else { continue }
            let name = compiled[index].rule.name
            applied.matched.append(name)
            // The entries the rules before this one wrote are left out of the history `plan` reads:
            // it looks only for changes by people, and those are all by rules.
            let (mutations, turns) = plan(compiled[index].rule, for: order, history: history)
            guard !mutations.isEmpty else { continue }
            let entries: [AuditEntry]
            do {
                // All or nothing: a refused change leaves `order` as it was.
                entries = try order.applyRecordingUndo(mutations, actor: compiled[index].actor, at: date)
            } catch {
                // The order's own rules refused the change: the order stays as it was, the rule says why.
                if errors[name] == nil { errors[name] = "It could not change order \(order.reference): \(error)." }
                continue
            }
            applied.entries += entries
            if turns > 0 {
                turnsTaken[name, default: 0] += turns
                applied.turnsTaken[name, default: 0] += turns
            }
        }
        return applied
    }

    /// Whether any of the rules' queries matches `order`.
    public func matches(_ order: Order) -> Bool {
        compiled.contains { $0.query.matches(order, among: CustomerOrderCounts()) }
    }

    /// What each matching rule (whatever its trigger) would change, as the mutations its actor
    /// applies through the store (`orders rules apply --existing`), in the rules' order.
    public mutating func plannedChanges(to order: Order, history: [AuditEntry], at date: Date)
        -> [(actor: String, mutations: [OrderMutation])] {
        var planned: [(actor: String, mutations: [OrderMutation])] = []
        var order = order
        var past = history
        for index in compiled.indices {
            let rule = compiled[index].rule
            guard compiled[index].query.matches(order, among: CustomerOrderCounts()) else { continue }
            let (mutations, turns) = plan(rule, for: order, history: past)
            guard !mutations.isEmpty, let entries = try? order.apply(mutations, actor: rule.actor, at: date) else { continue }
            past += entries
            planned.append((rule.actor, mutations))
            if turns > 0 { turnsTaken[rule.name, default: 0] += turns }
        }
        return planned
    }

    /// The mutations `rule` makes to `order`, and how many round-robin turns they take.
    private func plan(_ rule: Rule, for order: Order, history: [AuditEntry]) -> ([OrderMutation], Int) {
        func setByHand(_ field: String) -> Bool {
            history.contains { $0.field == field && !$0.actor.hasPrefix(Rule.actorPrefix) }
        }
        var mutations: [OrderMutation] = []
        var turns = 0
        var assignee = order.assignee
        for action in rule.actions {
            switch action {
            case .tag(let tag):
                let tag = Order.trimmedTag(tag)
                let removedByHand = history.contains {
                    $0.field == "tags" && $0.oldValue == tag && $0.newValue == nil && !$0.actor.hasPrefix(Rule.actorPrefix)
                }
                if !removedByHand { mutations.append(.addTag(tag)) }
            case .assign(let person):
                guard assignee == nil, !setByHand("assignee") else { continue }
                mutations.append(.setAssignee(person))
                assignee = person
            case .assignRoundRobin(let people):
                guard assignee == nil, !setByHand("assignee"), !people.isEmpty else { continue }
                let turn = rule.roundRobinTurn + (turnsTaken[rule.name] ?? 0) + turns
                let person = people[turn % people.count]
                mutations.append(.setAssignee(person))
                assignee = person
                turns += 1
            case .hold(let reason):
                guard order.fulfillment != .onHold, order.fulfillment.canTransition(to: .onHold),
                      !setByHand("fulfillment") else { continue }
                mutations += [.setFulfillment(.onHold), .addNote(Self.holdNotePrefix + reason)]
            case .flag:
                guard !setByHand("flagged") else { continue }
                mutations.append(.setFlagged(true))
            case .note(let text):
                let actor = rule.actor
                guard !order.notes.contains(where: { $0.author == actor && $0.text == text }) else { continue }
                mutations.append(.addNote(text))
            }
        }
        return (mutations, turns)
    }
}
