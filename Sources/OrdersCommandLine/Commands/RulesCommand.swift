import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// `orders rules add|list|show|edit|enable|disable|remove|test|apply`: the team's rules, which
/// the import and the pull apply to each order that arrives or changes (`RuleBook`).
struct RulesCommand: CLICommand {
    static let name = "rules"
    static let summary = "Rules that triage orders as they arrive: add, list, show, edit, enable, disable, remove, test, apply"
    static let arguments = ["add|list|show|edit|enable|disable|remove|test|apply", "NAME"]
    static let argumentCounts = 1...2
    static let options: [CommandOption] = [
        .value("--query", "QUERY", "add/edit: the orders the rule is for, in the search language (risk:high)"),
        .value("--on", "arrive|change|both", "add/edit: when it runs: an order arrives (default), changes, or both"),
        .value("--tag", "TAG", "add/edit: add this tag (repeatable)"),
        .value("--assign", "PERSON", "add/edit: assign to this operator"),
        .value("--assign-round-robin", "P1,P2,…", "add/edit: assign to these operators in turn"),
        .value("--hold", "REASON", "add/edit: put the fulfilment on hold, the reason as a note"),
        .flag("--flag", "add/edit: flag the order"),
        .value("--note", "TEXT", "add/edit: add this note (repeatable)"),
        .value("--format", "table|json", "list, test: a table (default) or JSON"),
        .flag("--existing", "apply: apply the rule to the orders already stored"),
        .flag("--yes", "apply: do not ask before changing them"),
    ]
    /// `rules add` may be the first thing done with a new database file (the rules set up before the
    /// first import, so they triage it); the others refuse a missing one themselves (`run`), creating nothing.
    static let ifDatabaseMissing = OrderDatabase.IfMissing.createEmpty
    static let details = """
        A rule runs on each order an import (orders import) or a pull (orders sync) brings in new
        (--on arrive), changes (--on change), or both, and on each change a person makes (--on
        change or both: the app, orders tag, pay, hold and the like), inside the same transaction,
        and writes its changes to the order's history as `rule:NAME` (in the person's change, so
        undoing that takes them back too). Rules run in order of name, each once per order and
        event; a change a rule makes, and an undo, do not run rules again. A rule never overrides an
        operator: it does not assign, hold or flag an order whose assignee, fulfilment or flag
        someone changed by hand, and does not put back a tag someone took off. edit replaces what it
        is given: the query, the trigger, or (any action given) the whole list of actions.
        `test NAME` shows which stored orders match and what would change, changing nothing;
        `apply NAME --existing` applies it to them, asking first (or --yes).
        """

    enum Action: Sendable {
        case add(name: String, query: String?, trigger: RuleTrigger?, actions: [RuleAction])
        case edit(name: String, query: String?, trigger: RuleTrigger?, actions: [RuleAction])
        case list(json: Bool)
        case show(String)
        case enable(String, Bool)
        case remove(String)
        case test(String, json: Bool)
        case apply(String, confirmed: Bool)
    }

    var action: Action

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        let words = arguments.positionals
        func name() throws(CLIError) -> String {
            guard words.count == 2 else { throw .usage("rules \(words[0]) takes the rule's NAME (see 'orders rules --help')") }
            return words[1]
        }
        func json() throws(CLIError) -> Bool {
            let format = arguments.value("--format") ?? "table"
            guard ["table", "json"].contains(format) else { throw .usage("--format is table or json, not \"\(format)\"") }
            return format == "json"
        }
        switch words[0] {
        case "add", "edit":
            let name = try name()
            var trigger: RuleTrigger?
            if let word = arguments.value("--on") {
                guard let given = RuleTrigger(rawValue: word) else { throw .usage("--on is arrive, change or both, not \"\(word)\"") }
                trigger = given
            }
            let actions = Self.actions(arguments)
            if words[0] == "add" {
                guard arguments.value("--query") != nil else { throw .usage("rules add takes --query QUERY (see 'orders rules --help')") }
                action = .add(name: name, query: arguments.value("--query"), trigger: trigger, actions: actions)
            } else {
                action = .edit(name: name, query: arguments.value("--query"), trigger: trigger, actions: actions)
            }
        case "list":
            guard words.count == 1 else { throw .usage("rules list takes no NAME (see 'orders rules --help')") }
            action = .list(json: try json())
        case "show": action = .show(try name())
        case "enable": action = .enable(try name(), true)
        case "disable": action = .enable(try name(), false)
        case "remove": action = .remove(try name())
        case "test": action = .test(try name(), json: try json())
        case "apply":
            let name = try name()
            guard arguments.has("--existing") else {
                throw .usage("rules apply takes --existing: it applies the rule to the orders already stored (see 'orders rules --help')")
            }
            action = .apply(name, confirmed: arguments.has("--yes"))
        default:
            throw .usage("rules takes add, list, show, edit, enable, disable, remove, test or apply, not \"\(words[0])\" "
                         + "(see 'orders rules --help')")
        }
    }

    /// The actions given, in a fixed order (tags, assign, round-robin, hold, flag, notes): the
    /// order options are given in is not kept by the parser, and none of them depends on another.
    private static func actions(_ arguments: ParsedArguments) -> [RuleAction] {
        var actions: [RuleAction] = arguments.values("--tag").map { .tag($0) }
        if let person = arguments.value("--assign") { actions.append(.assign(person)) }
        if let people = arguments.value("--assign-round-robin") {
            actions.append(.assignRoundRobin(people.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }))
        }
        if let reason = arguments.value("--hold") { actions.append(.hold(reason: reason)) }
        if arguments.has("--flag") { actions.append(.flag) }
        actions += arguments.values("--note").map { .note($0) }
        return actions
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        if case .add = action {} else if case .sqliteFile(let path) = context.location, !FileManager.default.fileExists(atPath: path) {
            throw CLIError.failed(OrderDatabase.missingMessage(path))
        }
        let store = try await context.openStore()
        guard let rules = store as? any OrderStore & RuleStore else { throw CLIError.failed("This database cannot keep rules.") }
        do {
            return try await run(context, store: rules)
        } catch let error as RuleError {
            throw CLIError.failed(error.description)
        }
    }

    private func run(_ context: CommandContext, store: any OrderStore & RuleStore) async throws -> Int32 {
        switch action {
        case .add(let name, let query, let trigger, let actions):
            let rule = Rule(name: name, query: query ?? "", trigger: trigger ?? .arrive, actions: actions,
                            changedBy: context.actor(for: store), changedAt: context.now)
            try rule.validate(operators: try await store.operators())
            try await store.addRule(rule)
            context.print("Added rule \(name): \(RulesText.summary(rule)).\n", fromData: true)
        case .edit(let name, let query, let trigger, let actions):
            var rule = try await store.rule(named: name)
            if let query { rule.query = query }
            if let trigger { rule.trigger = trigger }
            if !actions.isEmpty { rule.actions = actions }
            rule.changedBy = context.actor(for: store)
            rule.changedAt = context.now
            try rule.validate(operators: try await store.operators())
            try await store.replaceRule(rule)
            context.print("Changed rule \(name): \(RulesText.summary(rule)).\n", fromData: true)
        case .list(let json):
            let rules = try await store.rules()
            context.print(json ? RulesText.json(rules) : RulesText.table(rules), fromData: true)
        case .show(let name):
            context.print(RulesText.details(try await store.rule(named: name)), fromData: true)
        case .enable(let name, let enabled):
            var rule = try await store.rule(named: name)
            rule.enabled = enabled
            rule.changedBy = context.actor(for: store)
            rule.changedAt = context.now
            try await store.replaceRule(rule)
            context.print("\(enabled ? "Enabled" : "Disabled") rule \(name).\n", fromData: true)
        case .remove(let name):
            try await store.removeRule(named: name)
            context.print("Removed rule \(name); what it did to orders stays in their history.\n", fromData: true)
        case .test(let name, let json):
            let rule = try await store.rule(named: name)
            let matches = try await RuleTrial.matches(of: rule, in: store, at: context.now)
            context.print(json ? RulesText.trialJSON(rule, matches) : RulesText.trial(rule, matches), fromData: true)
        case .apply(let name, let confirmed):
            let rule = try await store.rule(named: name)
            let count = try await RuleTrial.matches(of: rule, in: store, at: context.now).filter { !$0.changes.isEmpty }.count
            guard count > 0 else {
                context.print("Rule \(name) would change no stored order.\n", fromData: true)
                return 0
            }
            if !confirmed {
                guard isatty(STDIN_FILENO) == 1 else {
                    throw CLIError.failed("rules apply asks before changing \(count) orders and there is no terminal to ask on: "
                                          + "give --yes to apply without asking.")
                }
                context.printError("Apply to \(count) orders? [y/N] ")
                guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                    context.printError("Nothing was changed.\n")
                    return 1
                }
            }
            let outcome = try await RuleTrial.apply(rule, to: store, at: context.now)
            var text = "Rule \(name) changed \(outcome.changed.count) orders.\n"
            if !outcome.changedMeanwhile.isEmpty {
                text += "\(outcome.changedMeanwhile.count) changed meanwhile and were left as they are: "
                    + outcome.changedMeanwhile.map(\.description).joined(separator: ", ") + "; run it again for them.\n"
            }
            context.print(text, fromData: true)
        }
        return 0
    }
}
