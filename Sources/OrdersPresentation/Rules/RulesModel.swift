import Foundation
import Observation
import OrdersCore
import TerminalText

/// The rules screen without its drawing (`:rules`): every rule in the order rules run (by name)
/// with how many orders it changed today and what would stop it running; the trial of the selected
/// rule (`RuleTrial`, changing nothing); its query edited in place with the search box's completion
/// and error mark, saved through `Rule.validate` like `orders rules edit`; enabling and disabling.
///
/// Storage work runs in tasks off the main actor (`waitForPendingWork()` awaits them), so no key
/// waits for the store; results land in this state. Adding and removing rules stay on the
/// command line (`orders rules add|remove`).
@MainActor @Observable
public final class RulesModel {
    public enum Loading: Hashable, Sendable {
        case loading
        case loaded
        case failed(String)
    }

    /// How many matching orders the trial lists (the count above them is of all).
    public nonisolated static let trialLinesShown = 200

    /// The rules as last read, by name.
    public private(set) var rules: [Rule] = []
    /// Orders changed today by each rule, by name; nil until counted.
    public private(set) var changedToday: [String: Int]?
    /// The team's names as last read: what a rule may assign to and `assignee:` completes.
    public private(set) var operators: [String] = []
    public private(set) var loading: Loading = .loading
    /// The selected rule's position in `rules`.
    public private(set) var selection = 0
    public private(set) var trial: RuleTrialState?
    public private(set) var edit: RuleQueryEdit?
    /// What the last change did, or why it was refused: one sentence, neutralised.
    public private(set) var message: String?

    @ObservationIgnored private let source: any RulesSource
    @ObservationIgnored let environment: PresentationEnvironment
    @ObservationIgnored private var work: [Task<Void, Never>] = []
    /// Counts each load, so an older load finishing late does not overwrite a newer one.
    @ObservationIgnored private var loadGeneration = 0

    public init(source: any RulesSource, environment: PresentationEnvironment) {
        self.source = source
        self.environment = environment
    }

    // MARK: What is shown

    public var rows: [RuleRow] {
        let formatter = DateFormatter()
        formatter.locale = environment.locale
        formatter.timeZone = environment.calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate("MMMdHHmm")
        return rules.map { rule in
            RuleRow(rule, changedToday: changedToday?[rule.name] ?? (changedToday == nil ? nil : 0), operators: operators,
                    time: { formatter.string(from: $0) })
        }
    }

    public var selectedRule: Rule? {
        rules.indices.contains(selection) ? rules[selection] : nil
    }

    /// Today in the presentation's time zone: its midnight up to the next.
    public var today: DateInterval {
        let calendar = environment.calendar
        let start = calendar.startOfDay(for: environment.now())
        let end = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
        return DateInterval(start: start, end: end)
    }

    // MARK: Loading

    /// Reads the rules and the team's names, then counts today's changes; the selection stays on
    /// the same rule by name.
    public func load() {
        loadGeneration += 1
        let generation = loadGeneration
        if rules.isEmpty { loading = .loading }
        let source = self.source, today = self.today
        track { [weak self] in
            do {
                async let operators = source.operators()
                let rules = try await source.rules()
                let names = try await operators
                await self?.loaded(rules, operators: names, generation: generation)
                let counts = try await source.ordersChanged(byRules: rules.map(\.name), in: today)
                await self?.counted(counts, generation: generation)
            } catch {
                await self?.failedLoading(error, generation: generation)
            }
        }
    }

    private func loaded(_ newRules: [Rule], operators: [String], generation: Int) {
        guard generation == loadGeneration else { return }
        let selectedName = selectedRule?.name
        rules = newRules
        self.operators = operators
        selection = selectedName.flatMap { name in newRules.firstIndex { $0.name == name } } ?? min(selection, max(0, newRules.count - 1))
        loading = .loaded
    }

    private func counted(_ counts: [String: Int], generation: Int) {
        guard generation == loadGeneration else { return }
        changedToday = counts
    }

    private func failedLoading(_ error: any Error, generation: Int) {
        guard generation == loadGeneration else { return }
        loading = .failed(TerminalText.neutralized("The rules could not be read: \(Self.sentence(error))"))
    }

    /// Waits for every load, trial and save started so far.
    public func waitForPendingWork() async {
        while !work.isEmpty {
            let running = work
            work.removeAll()
            for task in running { await task.value }
        }
    }

    // MARK: Moving

    public func move(by offset: Int) {
        guard !rules.isEmpty, edit == nil else { return }
        select(min(max(selection + offset, 0), rules.count - 1))
    }

    public func select(_ index: Int) {
        guard rules.indices.contains(index), index != selection else { return }
        selection = index
        trial = nil
        message = nil
    }

    // MARK: The trial

    /// Tries the selected rule on the stored orders (`RuleTrial.matches`), changing nothing.
    public func showTrial() {
        guard let rule = selectedRule, edit == nil else { return }
        trial = .running(ruleName: TerminalText.neutralized(rule.name))
        let source = self.source, now = environment.now()
        track { [weak self] in
            do {
                let matches = try await source.trial(of: rule, at: now)
                let summary = RuleTrialSummary(
                    ruleName: TerminalText.neutralized(rule.name), matched: matches.count,
                    changing: matches.filter { !$0.changes.isEmpty }.count,
                    lines: matches.prefix(Self.trialLinesShown).map { match in
                        RuleTrialSummary.Line(order: TerminalText.neutralized(match.order.reference.description),
                                              changes: TerminalText.neutralized(match.changes.isEmpty ? "no change"
                                                  : match.changes.map(\.changeInWords).joined(separator: "; ")))
                    })
                await self?.tried(rule.name, .shown(summary))
            } catch {
                await self?.tried(rule.name, .failed(ruleName: TerminalText.neutralized(rule.name),
                                                     message: TerminalText.neutralized(Self.sentence(error))))
            }
        }
    }

    private func tried(_ name: String, _ state: RuleTrialState) {
        // The operator may have moved on to another rule meanwhile.
        guard selectedRule?.name == name, trial != nil else { return }
        trial = state
    }

    public func closeTrial() {
        trial = nil
    }

    // MARK: Editing the query

    /// Starts editing the selected rule's query; false when there is none (or an edit is under way).
    @discardableResult
    public func beginEditingQuery() -> Bool {
        guard let rule = selectedRule, edit == nil else { return false }
        trial = nil
        message = nil
        edit = RuleQueryEdit(ruleName: rule.name, text: rule.query)
        queryTextChanged(rule.query)
        return true
    }

    /// The field's text changed: the error mark and the completions follow it.
    public func queryTextChanged(_ text: String) {
        guard var edit, !edit.isSaving else { return }
        edit.text = text
        edit.refusal = nil
        edit.error = Self.queryError(text, ruleName: edit.ruleName, now: environment.now())
        edit.suggestions = QueryCompletion.candidates(for: text, operators: operators)
        self.edit = edit
    }

    /// Accepts the first completion (Tab); false when there is none.
    @discardableResult
    public func completeQuery() -> Bool {
        guard let first = edit?.suggestions.first else { return false }
        queryTextChanged(first.query)
        return true
    }

    public func cancelEditing() {
        guard edit?.isSaving != true else { return }
        edit = nil
    }

    /// Saves the edited query: the rule read again, its query replaced, checked by `Rule.validate`
    /// against the team's names as `orders rules edit` does, and written with who changed it and
    /// when. A refusal keeps the field open with its text and the sentence.
    public func saveQuery() {
        guard var edit, !edit.isSaving else { return }
        edit.isSaving = true
        edit.refusal = nil
        self.edit = edit
        let source = self.source, text = edit.text, name = edit.ruleName
        let actor = environment.actor, now = environment.now()
        track { [weak self] in
            do {
                guard var rule = try await source.rules().first(where: { $0.name == name }) else {
                    throw RuleError("There is no rule named \"\(name)\".")
                }
                rule.query = text
                rule.changedBy = actor
                rule.changedAt = now
                try rule.validate(operators: try await source.operators())
                try await source.replaceRule(rule)
                await self?.saved(name)
            } catch {
                await self?.refused(Self.sentence(error))
            }
        }
    }

    private func saved(_ name: String) {
        edit = nil
        message = TerminalText.neutralized("Changed the query of rule \(name).")
        load()
    }

    private func refused(_ sentence: String) {
        guard var edit else { return }
        edit.isSaving = false
        edit.refusal = TerminalText.neutralized(sentence)
        self.edit = edit
    }

    // MARK: Enabling

    /// Enables the selected rule if it is disabled, else disables it, as `orders rules enable|disable`.
    public func toggleEnabled() {
        guard let selected = selectedRule, edit == nil else { return }
        let source = self.source, actor = environment.actor, now = environment.now()
        let name = selected.name
        track { [weak self] in
            do {
                guard var rule = try await source.rules().first(where: { $0.name == name }) else {
                    throw RuleError("There is no rule named \"\(name)\".")
                }
                rule.enabled.toggle()
                rule.changedBy = actor
                rule.changedAt = now
                try await source.replaceRule(rule)
                await self?.finished("\(rule.enabled ? "Enabled" : "Disabled") rule \(name).")
            } catch {
                await self?.finished(Self.sentence(error))
            }
        }
    }

    private func finished(_ sentence: String) {
        message = TerminalText.neutralized(sentence)
        load()
    }

    // MARK: Helpers

    /// The error mark of a query being typed: the sentence `Rule.parsedQuery` refuses it with.
    nonisolated static func queryError(_ text: String, ruleName: String, now: Date) -> String? {
        do throws(RuleError) {
            _ = try Rule(name: ruleName, query: text, actions: []).parsedQuery(now: now)
            return nil
        } catch {
            return TerminalText.neutralized(error.description)
        }
    }

    nonisolated static func sentence(_ error: any Error) -> String {
        (error as? RuleError)?.description ?? "\(error)"
    }

    private func track(_ operation: @escaping @Sendable () async -> Void) {
        work.append(environment.work.inBackground(operation))
    }
}
