// The commands of a text field or dialog. Typing itself is not a command here:
// what a key does to the text is `TextEditCommand` (TermRender), from its own keymap.
// `field.accept` and `field.cancel` are shared ids, so one config override moves them everywhere.

/// The search field, while it has the keyboard.
public enum SearchFieldCommand: KeyCommand, CaseIterable {
    case keep, clear

    public static var all: [SearchFieldCommand] { allCases }

    public var info: CommandInfo {
        switch self {
        case .keep:
            return CommandInfo("field.accept", ["enter"], "keep", "Keep the search and go back to the list",
                               CommandGroup.view, footer: true)
        case .clear: return CommandInfo("field.cancel", ["esc"], "clear", "Clear the search", CommandGroup.view, footer: true)
        }
    }
}
