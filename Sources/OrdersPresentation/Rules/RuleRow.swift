import Foundation
import OrdersCore
import TerminalText

/// One rule as the rules screen shows it, every text from data neutralised.
public struct RuleRow: Hashable, Sendable {
    public var name: String
    public var enabled: Bool
    public var trigger: RuleTrigger
    public var query: String
    /// The actions in words (`RuleAction.words`), joined by "; ".
    public var actions: String
    /// How many orders the rule changed today (the presentation's time zone); nil while counting.
    public var changedToday: Int?
    /// The rule's last error where rules run, with when (`Rule.lastError`: its query no longer
    /// parsed, so an import or a pull left it out, or an order refused its action), until the rule is
    /// changed; else why it would be refused now (`Rule.validate`: a query that no longer parses, an
    /// assignee not among the team's names); nil when neither.
    public var error: String?

    public init(name: String, enabled: Bool, trigger: RuleTrigger, query: String, actions: String,
                changedToday: Int?, error: String?) {
        self.name = name
        self.enabled = enabled
        self.trigger = trigger
        self.query = query
        self.actions = actions
        self.changedToday = changedToday
        self.error = error
    }

    init(_ rule: Rule, changedToday: Int?, operators: [String], time: (Date) -> String) {
        var error: String?
        if let lastError = rule.lastError {
            error = TerminalText.neutralized((rule.lastErrorAt.map { time($0) + ": " } ?? "") + lastError)
        } else {
            do throws(RuleError) {
                try rule.validate(operators: operators)
            } catch let refusal {
                error = TerminalText.neutralized(refusal.description)
            }
        }
        self.init(name: TerminalText.neutralized(rule.name), enabled: rule.enabled, trigger: rule.trigger,
                  query: TerminalText.neutralized(rule.query),
                  actions: TerminalText.neutralized(rule.actions.map(\.words).joined(separator: "; ")),
                  changedToday: changedToday, error: error)
    }
}

/// A rule's query being edited in place: the text, the search box's error mark (the parser's
/// sentence while the text does not parse) and its completions of the last word.
public struct RuleQueryEdit: Hashable, Sendable {
    /// The rule's name as stored (verbatim: the key it is saved under).
    public var ruleName: String
    public var text: String
    /// Why the text is not a rule's query, as `orders rules edit` would say it; nil when it parses.
    public var error: String?
    public var suggestions: [QueryCompletion.Candidate] = []
    /// While the save is under way: the field takes no more keys.
    public var isSaving = false
    /// The store's or the validation's refusal of the last save, one sentence; the text stays.
    public var refusal: String?
}

/// `RuleTrial` for one rule, as the screen shows it: how many stored orders match, how many would
/// change, and the first of them with the change in words. Nothing is written.
public enum RuleTrialState: Hashable, Sendable {
    case running(ruleName: String)
    case shown(RuleTrialSummary)
    case failed(ruleName: String, message: String)
}

public struct RuleTrialSummary: Hashable, Sendable {
    /// One matching order: its number and what would change (`no change` when nothing would).
    public struct Line: Hashable, Sendable {
        public var order: String
        public var changes: String
    }

    public var ruleName: String
    public var matched: Int
    public var changing: Int
    /// The first `RulesModel.trialLinesShown` matches, in the store's key order.
    public var lines: [Line]

    /// "Matches 12 stored orders; 3 would change (nothing was changed)."
    public var headline: String {
        "Matches \(matched) stored \(matched == 1 ? "order" : "orders"); \(changing) would change (nothing was changed)."
    }
}
