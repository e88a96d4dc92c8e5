import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// `orders rules`' tables, details and JSON.
enum RulesText {
    static func summary(_ rule: Rule) -> String {
        "on \(rule.trigger.rawValue), \(rule.query) → " + rule.actions.map(\.commandLine).joined(separator: " ")
    }

    static func table(_ rules: [Rule]) -> String {
        guard !rules.isEmpty else { return "No rules (orders rules add NAME --query QUERY --tag T).\n" }
        let header = ["Name", "On", "Enabled", "Query", "Actions"]
        let rows = rules.map { rule in
            [rule.name, rule.trigger.rawValue, rule.enabled ? "yes" : "no", rule.query,
             rule.actions.map(\.commandLine).joined(separator: " ")]
        }
        let widths = header.indices.map { column in ([header] + rows).map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).enumerated().map { index, pair in
                index == cells.count - 1 ? pair.0 : DisplayWidth.padded(pair.0, to: pair.1, rightAligned: false)
            }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    static func details(_ rule: Rule) -> String {
        """
        Name:     \(rule.name)
        Query:    \(rule.query)
        On:       \(rule.trigger.rawValue)
        Actions:  \(rule.actions.map(\.commandLine).joined(separator: " "))
        Enabled:  \(rule.enabled ? "yes" : "no")
        Changed:  \(ISO8601Milliseconds.string(from: rule.changedAt)) by \(rule.changedBy)

        """
    }

    static func json(_ rules: [Rule]) -> String {
        JSONText.array(rules.map(object)) + "\n"
    }

    private static func object(_ rule: Rule) -> String {
        JSONText.object([
            ("name", JSONText.string(rule.name)), ("query", JSONText.string(rule.query)),
            ("on", JSONText.string(rule.trigger.rawValue)), ("enabled", rule.enabled ? "true" : "false"),
            ("actions", JSONText.array(rule.actions.map { JSONText.string($0.commandLine) })),
            ("changed_by", JSONText.string(rule.changedBy)),
            ("changed_at", JSONText.string(ISO8601Milliseconds.string(from: rule.changedAt))),
        ])
    }

    static func trial(_ rule: Rule, _ matches: [RuleTrial.Match]) -> String {
        let changing = matches.filter { !$0.changes.isEmpty }
        var text = "Rule \(rule.name) matches \(matches.count) stored orders; \(changing.count) would change "
            + "(nothing was changed).\n"
        for match in matches {
            let changes = match.changes.map(\.changeInWords)
            text += "  \(match.order.reference)  " + (changes.isEmpty ? "no change" : changes.joined(separator: "; ")) + "\n"
        }
        return text
    }

    static func trialJSON(_ rule: Rule, _ matches: [RuleTrial.Match]) -> String {
        JSONText.object([
            ("rule", JSONText.string(rule.name)),
            ("matches", JSONText.array(matches.map { match in
                JSONText.object([
                    ("order", JSONText.string(match.order.reference.description)),
                    ("changes", JSONText.array(match.changes.map { entry in
                        JSONText.object([("field", JSONText.string(entry.field)), ("old", JSONText.optionalString(entry.oldValue)),
                                         ("new", JSONText.optionalString(entry.newValue))])
                    })),
                ])
            })),
        ]) + "\n"
    }
}
