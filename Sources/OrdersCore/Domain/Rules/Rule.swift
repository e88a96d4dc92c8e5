import Foundation

/// When a rule runs: when an order arrives (new to the store), when a stored order changes (a
/// re-import or a pull that changed it), or both.
public enum RuleTrigger: String, Sendable, Codable, CaseIterable {
    case arrive, change, both

    public func runs(on event: RuleEvent) -> Bool {
        self == .both || rawValue == event.rawValue
    }
}

/// What happened to an order that makes rules run.
public enum RuleEvent: String, Sendable {
    case arrive, change
}

/// One thing a rule does to a matching order; each becomes `OrderMutation`s applied by
/// `Order.apply` with the rule as the actor (`Rule.actor`), so it is in the order's history.
public enum RuleAction: Hashable, Sendable, Codable {
    case tag(String)
    case assign(String)
    /// To the next of these people in turn; the turn is the team's, kept in the database.
    case assignRoundRobin([String])
    /// Fulfilment on hold, and the reason as a note.
    case hold(reason: String)
    case flag
    case note(String)

    /// As the command line writes it: `--tag wholesale`.
    public var commandLine: String {
        switch self {
        case .tag(let tag): "--tag \(SearchQueryParser.quotedIfNeeded(tag))"
        case .assign(let person): "--assign \(SearchQueryParser.quotedIfNeeded(person))"
        case .assignRoundRobin(let people): "--assign-round-robin \(SearchQueryParser.quotedIfNeeded(people.joined(separator: ",")))"
        case .hold(let reason): "--hold \(SearchQueryParser.quotedIfNeeded(reason))"
        case .flag: "--flag"
        case .note(let text): "--note \(SearchQueryParser.quotedIfNeeded(text))"
        }
    }
}

/// A rule: the triage an operator would do by hand to every order its query matches, done by
/// the store's writers when an order arrives or changes (`RuleBook`).
public struct Rule: Hashable, Sendable {
    public var name: String
    /// A search query (`SearchQueryParser`): the orders the rule is for.
    public var query: String
    public var trigger: RuleTrigger
    public var actions: [RuleAction]
    public var enabled: Bool
    public var changedBy: String
    public var changedAt: Date
    /// How many orders the rule's round-robin has assigned so far: the next person is this
    /// modulo the list's length. Shared by the team: stored, and only ever added to.
    public var roundRobinTurn: Int
    /// Why the rule last failed where rules run (an import or a pull), one sentence, and when:
    /// its query no longer parsed (a keyword since renamed), so the writers left it out, or an
    /// action could not be applied to an order. Written by `StoreRuleBook.recordTurns(of:in:)`;
    /// cleared when the rule is changed (`replaceRule`). Kept by the store, never by `add`/`edit`.
    public var lastError: String?
    public var lastErrorAt: Date?

    public init(name: String, query: String, trigger: RuleTrigger = .arrive, actions: [RuleAction], enabled: Bool = true,
                changedBy: String = "", changedAt: Date = Date(timeIntervalSince1970: 0), roundRobinTurn: Int = 0,
                lastError: String? = nil, lastErrorAt: Date? = nil) {
        self.name = name
        self.query = query
        self.trigger = trigger
        self.actions = actions
        self.enabled = enabled
        self.changedBy = changedBy
        self.changedAt = changedAt
        self.roundRobinTurn = roundRobinTurn
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
    }

    /// The audit log's actor of what this rule does: `rule:NAME`.
    public var actor: String { Self.actorPrefix + name }

    /// Every rule's actor starts so; no operator's name does (`RuleBook` tells them apart by it).
    public static let actorPrefix = "rule:"

    /// The actions as stored: JSON, one object per action.
    public static func encodeActions(_ actions: [RuleAction]) -> String {
        // Encoding enums of strings cannot fail.
        String(decoding: (try? JSONEncoder().encode(actions)) ?? Data("[]".utf8), as: UTF8.self)
    }

    public static func decodeActions(_ text: String) throws -> [RuleAction] {
        try JSONDecoder().decode([RuleAction].self, from: Data(text.utf8))
    }
}
