import Foundation

extension Rule {
    /// The longest rule name: it is shown in lists and in every order's history it touched.
    public static let maximumNameLength = 40

    /// Refuses a rule in one sentence naming the fault. `operators` are the team's names the
    /// store knows (`OrderStore.operators()`): assigning anyone else is refused, since an order
    /// assigned to a name nobody uses would sit unseen.
    public func validate(operators: [String]) throws(RuleError) {
        try Self.validateName(name)
        _ = try parsedQuery(now: Date())
        if actions.isEmpty {
            throw RuleError("The rule \"\(name)\" has no action: give at least one of --tag, --assign, "
                            + "--assign-round-robin, --hold, --flag or --note.")
        }
        // A rule's own name (`rule:NAME`, an author in the log) is no one to give an order to.
        let team = operators.filter { !$0.hasPrefix(Self.actorPrefix) }
        let known = Set(team)
        func checkPerson(_ person: String) throws(RuleError) {
            guard known.contains(person) else {
                throw RuleError("Unknown operator \"\(person)\": the team's names are "
                                + (team.isEmpty ? "none yet" : team.joined(separator: ", ")) + ".")
            }
        }
        for action in actions {
            switch action {
            case .tag(let tag):
                // Tags are free text in orders; "unknown" can only mean one no order could carry.
                if tag.trimmingCharacters(in: .whitespaces).isEmpty { throw RuleError("A tag of the rule is empty.") }
                if tag.contains(",") { throw RuleError("The tag \"\(tag)\" has a comma: give each tag its own --tag.") }
                if tag.contains(where: \.isNewline) { throw RuleError("The tag \"\(tag)\" spans lines.") }
            case .assign(let person):
                try checkPerson(person)
            case .assignRoundRobin(let people):
                if people.isEmpty { throw RuleError("--assign-round-robin names no one: give P1,P2,….") }
                for person in people { try checkPerson(person) }
                if Set(people).count != people.count {
                    throw RuleError("--assign-round-robin names someone twice: \(people.joined(separator: ",")).")
                }
            case .hold(let reason):
                if reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    throw RuleError("--hold needs a reason, which the order's notes keep.")
                }
            case .flag:
                break
            case .note(let text):
                if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw RuleError("A note of the rule is empty.") }
            }
        }
    }

    /// A name of letters, digits, spaces and `-_.`, not starting with `-` (it would read as an option).
    public static func validateName(_ name: String) throws(RuleError) {
        guard !name.isEmpty, name.trimmingCharacters(in: .whitespaces) == name else {
            throw RuleError("A rule's name cannot be empty or start or end with a space.")
        }
        guard name.count <= maximumNameLength else {
            throw RuleError("The rule name \"\(name)\" is longer than \(maximumNameLength) characters.")
        }
        guard !name.hasPrefix("-"), name.allSatisfy({ $0.isLetter || $0.isNumber || " -_.".contains($0) }) else {
            throw RuleError("The rule name \"\(name)\" may hold only letters, digits, spaces and - _ . (not first -).")
        }
    }

    /// The rule's query as filters, resolved against `now` (`since:7d` is seven days before it).
    /// `customer-orders` is refused: an arriving order's customer count is not known in the
    /// batch being written, and a rule must match the same way in `test` and on arrival.
    public func parsedQuery(now: Date) throws(RuleError) -> OrderQuery {
        if query.trimmingCharacters(in: .whitespaces).isEmpty {
            throw RuleError("The rule \"\(name)\" has no query: say which orders it is for (`risk:high`).")
        }
        let filters: [OrderFilter]
        do {
            filters = try SearchQueryParser.parse(query, now: now, calendar: Calendar(identifier: .gregorian))
        } catch {
            throw RuleError("The query \"\(query)\" does not parse: \(error.message).")
        }
        if filters.contains(where: { switch $0.predicate { case .customerOrdersAbove, .customerOrdersBelow: true; default: false } }) {
            throw RuleError("The query \"\(query)\" uses customer-orders, which a rule cannot use yet.")
        }
        return OrderQuery(filters: filters)
    }
}
