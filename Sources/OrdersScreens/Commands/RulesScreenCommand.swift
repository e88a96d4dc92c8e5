/// The keys of the rules screen (`:rules`; the app-wide ones are `AppWideCommand`). Adding and
/// removing rules stay on the command line (`orders rules add|remove`).
public enum RulesScreenCommand: KeyCommand, CaseIterable {
    case back, down, up, top, bottom, trial, editQuery, toggleEnabled, reload

    public static var all: [RulesScreenCommand] { allCases }

    public var info: CommandInfo {
        let move = CommandGroup.move, rules = "Rules"
        switch self {
        case .back: return CommandInfo("rules.back", ["esc", "q"], "back", "Close the trial, else back to the list", move, footer: true)
        case .down: return CommandInfo("rules.down", ["j", "down"], "down", "Select the next rule", move)
        case .up: return CommandInfo("rules.up", ["k", "up"], "up", "Select the previous rule", move)
        case .top: return CommandInfo("rules.top", ["g", "home"], "top", "Select the first rule", move)
        case .bottom: return CommandInfo("rules.bottom", ["G", "end"], "bottom", "Select the last rule", move)
        case .trial:
            return CommandInfo("rules.test", ["enter"], "test",
                               "Try the rule on the stored orders: which match and what would change (changes nothing)",
                               rules, footer: true)
        case .editQuery:
            return CommandInfo("rules.edit-query", ["e"], "edit query",
                               "Edit the rule's query (Tab completes; saved as `orders rules edit --query`)", rules, footer: true)
        case .toggleEnabled:
            return CommandInfo("rules.toggle", ["space"], "on/off", "Enable or disable the rule", rules, footer: true)
        case .reload: return CommandInfo("rules.reload", ["r"], "reload", "Read the rules and today's counts again", rules)
        }
    }
}

/// The rule's query field, while it has the keyboard (typing itself is `TextEditCommand`).
public enum RuleQueryFieldCommand: KeyCommand, CaseIterable {
    case save, cancel, complete

    public static var all: [RuleQueryFieldCommand] { allCases }

    public var info: CommandInfo {
        let rules = "Rules"
        switch self {
        case .save:
            return CommandInfo("field.accept", ["enter"], "save", "Save the query (checked as `orders rules edit` checks it)",
                               rules, footer: true)
        case .cancel: return CommandInfo("field.cancel", ["esc"], "cancel", "Leave the query as it was", rules, footer: true)
        case .complete: return CommandInfo("rules.complete", ["tab"], "complete", "Accept the first completion", rules, footer: true)
        }
    }
}
