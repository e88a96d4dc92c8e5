/// The frequency sheet (`:freq COLUMN`): its values, most frequent first.
public enum FrequencySheetCommand: KeyCommand, CaseIterable {
    case down, up, top, bottom, pageDown, pageUp, filter, close

    public static var all: [FrequencySheetCommand] { allCases }

    public var info: CommandInfo {
        let move = CommandGroup.move, view = CommandGroup.view
        switch self {
        case .down: return CommandInfo("frequency.down", ["j", "down"], "down", "Select the next value", move)
        case .up: return CommandInfo("frequency.up", ["k", "up"], "up", "Select the previous value", move)
        case .top: return CommandInfo("frequency.top", ["g", "home"], "top", "Select the first value", move)
        case .bottom: return CommandInfo("frequency.bottom", ["G", "end"], "bottom", "Select the last value", move)
        case .pageDown: return CommandInfo("frequency.page-down", ["pgdn", "ctrl-d"], "page down", "One page down", move)
        case .pageUp: return CommandInfo("frequency.page-up", ["pgup", "ctrl-u"], "page up", "One page up", move)
        case .filter:
            return CommandInfo("frequency.filter", ["enter"], "filter",
                               "Show only the orders with the selected value (added to the search)", view, footer: true)
        case .close:
            return CommandInfo("frequency.close", ["esc", "q"], "back", "Back to the list as it was", view, footer: true)
        }
    }
}
