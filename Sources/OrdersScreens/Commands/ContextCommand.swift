/// A command together with the context it was found in: what a key press resolves to.
public enum ContextCommand: Hashable, Sendable {
    case list(ListScreenCommand)
    case detail(DetailScreenCommand)
    case dashboard(DashboardScreenCommand)
    case global(AppWideCommand)
    case search(SearchFieldCommand)
    case palette(PaletteFieldCommand)
    case note(NoteEditorCommand)
    case confirm(ConfirmDialogCommand)
    case help(HelpOverlayCommand)
    case alert(AlertCommand)
    case chooser(LineChooserCommand)
    case importing(ImportDialogCommand)
    case frequency(FrequencySheetCommand)
    case rules(RulesScreenCommand)
    case ruleQuery(RuleQueryFieldCommand)

    /// The command a binding of `context` names; nil for an id the context does not know.
    public init?(context: KeymapContext, id: String) {
        switch context {
        case .list: guard let command = ListScreenCommand(id: id) else { return nil }; self = .list(command)
        case .detail: guard let command = DetailScreenCommand(id: id) else { return nil }; self = .detail(command)
        case .dashboard:
            guard let command = DashboardScreenCommand(id: id) else { return nil }
            self = .dashboard(command)
        case .global: guard let command = AppWideCommand(id: id) else { return nil }; self = .global(command)
        case .search: guard let command = SearchFieldCommand(id: id) else { return nil }; self = .search(command)
        case .palette: guard let command = PaletteFieldCommand(id: id) else { return nil }; self = .palette(command)
        case .note: guard let command = NoteEditorCommand(id: id) else { return nil }; self = .note(command)
        case .confirm: guard let command = ConfirmDialogCommand(id: id) else { return nil }; self = .confirm(command)
        case .help: guard let command = HelpOverlayCommand(id: id) else { return nil }; self = .help(command)
        case .alert: guard let command = AlertCommand(id: id) else { return nil }; self = .alert(command)
        case .chooser: guard let command = LineChooserCommand(id: id) else { return nil }; self = .chooser(command)
        case .importing:
            guard let command = ImportDialogCommand(id: id) else { return nil }
            self = .importing(command)
        case .frequency:
            guard let command = FrequencySheetCommand(id: id) else { return nil }
            self = .frequency(command)
        case .rules: guard let command = RulesScreenCommand(id: id) else { return nil }; self = .rules(command)
        case .ruleQuery:
            guard let command = RuleQueryFieldCommand(id: id) else { return nil }
            self = .ruleQuery(command)
        case .edit: return nil // editing keys are applied by the field itself (`TextEditCommand`)
        }
    }

    /// Every command of every context.
    public static let all: [ContextCommand] =
        ListScreenCommand.all.map(ContextCommand.list) + DetailScreenCommand.all.map(ContextCommand.detail)
        + DashboardScreenCommand.all.map(ContextCommand.dashboard)
        + AppWideCommand.all.map(ContextCommand.global) + SearchFieldCommand.all.map(ContextCommand.search)
        + PaletteFieldCommand.all.map(ContextCommand.palette) + NoteEditorCommand.all.map(ContextCommand.note)
        + ConfirmDialogCommand.all.map(ContextCommand.confirm) + HelpOverlayCommand.all.map(ContextCommand.help)
        + AlertCommand.all.map(ContextCommand.alert) + LineChooserCommand.all.map(ContextCommand.chooser)
        + ImportDialogCommand.all.map(ContextCommand.importing) + FrequencySheetCommand.all.map(ContextCommand.frequency)
        + RulesScreenCommand.all.map(ContextCommand.rules) + RuleQueryFieldCommand.all.map(ContextCommand.ruleQuery)

    /// The context it belongs to.
    public var context: KeymapContext {
        switch self {
        case .list: .list
        case .detail: .detail
        case .dashboard: .dashboard
        case .global: .global
        case .search: .search
        case .palette: .palette
        case .note: .note
        case .confirm: .confirm
        case .help: .help
        case .alert: .alert
        case .chooser: .chooser
        case .importing: .importing
        case .frequency: .frequency
        case .rules: .rules
        case .ruleQuery: .ruleQuery
        }
    }

    /// Its id, default keys, label and help.
    public var info: CommandInfo {
        switch self {
        case .list(let command): command.info
        case .detail(let command): command.info
        case .dashboard(let command): command.info
        case .global(let command): command.info
        case .search(let command): command.info
        case .palette(let command): command.info
        case .note(let command): command.info
        case .confirm(let command): command.info
        case .help(let command): command.info
        case .alert(let command): command.info
        case .chooser(let command): command.info
        case .importing(let command): command.info
        case .frequency(let command): command.info
        case .rules(let command): command.info
        case .ruleQuery(let command): command.info
        }
    }
}
