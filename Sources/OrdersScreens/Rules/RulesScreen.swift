import OrdersCore
import OrdersPresentation
import TermRender

/// The rules screen (`:rules`): a title line, every rule in the order rules run with how many
/// orders it changed today, the selected rule's error in full, its query field while it is being
/// edited (the search box's error mark and completions), the trial of the selected rule, the
/// last change's sentence, and the key hints. Everything it shows is the model's, already neutralised.
public struct RulesScreen: View {
    let model: RulesModel
    let databaseName: String
    /// The query field's cursor while it has the keyboard.
    let queryCursor: Int?
    let hints: [KeyHintBar.Hint]
    @Environment(\.theme) private var theme

    public init(model: RulesModel, databaseName: String, queryCursor: Int?, hints: [KeyHintBar.Hint]) {
        self.model = model
        self.databaseName = databaseName
        self.queryCursor = queryCursor
        self.hints = hints
    }

    static let columns = [
        TableColumn("On", width: .fixed(3), priority: 9),
        TableColumn("Rule", width: .flexible(min: 8, max: 24), priority: 10),
        TableColumn("Runs on", width: .fixed(7), priority: 5),
        TableColumn("Query", width: .flexible(min: 12), priority: 8, weight: 3),
        TableColumn("Actions", width: .flexible(min: 12), priority: 7, weight: 3),
        .numeric("Today", width: .fixed(5), priority: 6),
        TableColumn("Error", width: .flexible(min: 10), priority: 4, weight: 2),
    ]

    public var body: some View {
        let theme = self.theme
        let rows = model.rows
        VStack(spacing: 0) {
            ScreenHeader(databaseName: databaseName, isDemoData: false, screen: "rules", status: status(rows))
            switch model.loading {
            case .failed(let message) where rows.isEmpty:
                Text(message).style(theme.danger).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            case .loading where rows.isEmpty:
                Text("Reading the rules…").style(theme.secondaryText)
                    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            default:
                if rows.isEmpty {
                    Text("No rules yet: add one with `orders rules add NAME --query QUERY --tag T` (see the README's Rules).")
                        .style(theme.secondaryText).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                } else {
                    Table(columns: Self.columns, rowCount: rows.count, state: TableState(selection: model.selection)) { index in
                        let row = rows[index]
                        return [Text(row.enabled ? "on" : "off").style(row.enabled ? theme.success : theme.secondaryText),
                                Text(row.name), Text(row.trigger.rawValue), Text(row.query), Text(row.actions),
                                Text(row.changedToday.map(String.init) ?? "…"),
                                Text(row.error.map { "⚠ " + $0 } ?? "").style(theme.danger)]
                    }
                    // With a trial open, the rules keep at most eight lines and the trial takes the rest.
                    .frame(maxHeight: model.trial == nil ? .infinity : min(rows.count, 8) + 1)
                    selectedError(rows)
                    queryField
                    if let trial = model.trial { RuleTrialView(trial: trial) }
                }
            }
            Text(model.message ?? "Add and remove rules on the command line: orders rules add|remove NAME.")
                .style(model.message == nil ? theme.secondaryText : theme.accent).lineLimit(1)
            KeyHintBar(hints)
        }
    }

    private func status(_ rows: [RuleRow]) -> String {
        let enabled = rows.filter(\.enabled).count
        return "\(rows.count) \(rows.count == 1 ? "rule" : "rules"), \(enabled) enabled"
    }

    @ViewBuilder private func selectedError(_ rows: [RuleRow]) -> some View {
        if rows.indices.contains(model.selection), let error = rows[model.selection].error, model.edit == nil {
            Text("⚠ \(rows[model.selection].name): \(error)").style(theme.danger).lineLimit(2)
        }
    }

    @ViewBuilder private var queryField: some View {
        if let edit = model.edit {
            // The search box's marks: the field, and the parser's sentence after ⚠ while it does not parse
            // (on a line of its own: a rule's query is longer than a search, and the sentence quotes it).
            HStack(spacing: 1) {
                Text("query:").style(theme.accent)
                TextFieldView(text: edit.text, cursor: queryCursor ?? edit.text.count,
                              placeholder: "risk:high, country:DE, tag:wholesale…", isFocused: queryCursor != nil && !edit.isSaving)
            }
            if let error = edit.refusal ?? edit.error {
                Text("⚠ \(error)").style(theme.danger).lineLimit(2)
            }
            if edit.isSaving {
                Text("Saving…").style(theme.secondaryText)
            } else if !edit.suggestions.isEmpty {
                Text("tab: " + edit.suggestions.prefix(12).map(\.title).joined(separator: "  "))
                    .style(theme.secondaryText).lineLimit(1)
            }
        }
    }
}

/// The trial of one rule: the counts, then each matching order with what would change.
struct RuleTrialView: View {
    let trial: RuleTrialState
    static let columns = [TableColumn("Order", width: .flexible(min: 8, max: 20), priority: 2),
                          TableColumn("Would change", width: .flexible(min: 10), priority: 1, weight: 4)]
    @Environment(\.theme) private var theme

    var body: some View {
        let theme = theme
        VStack(spacing: 0) {
            switch trial {
            case .running(let name):
                Text("Test of \(name): trying it on the stored orders…").style(theme.header)
                Spacer()
            case .failed(let name, let message):
                Text("Test of \(name) failed: \(message)").style(theme.danger)
                Spacer()
            case .shown(let summary):
                Text("Test of \(summary.ruleName): \(summary.headline)").style(theme.header).lineLimit(1)
                Table(columns: Self.columns, rowCount: summary.lines.count, state: TableState()) { index in
                    [Text(summary.lines[index].order), Text(summary.lines[index].changes)]
                }
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
