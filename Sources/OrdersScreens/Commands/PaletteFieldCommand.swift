/// The command palette.
public enum PaletteFieldCommand: KeyCommand, CaseIterable {
    case run, close, complete, nextSuggestion, previousSuggestion, historyBack, historyForward

    public static var all: [PaletteFieldCommand] { allCases }

    public var info: CommandInfo {
        let app = CommandGroup.app
        switch self {
        case .run: return CommandInfo("field.accept", ["enter"], "run", "Run the command", app, footer: true)
        case .close: return CommandInfo("field.cancel", ["esc"], "close", "Close the palette", app, footer: true)
        case .complete:
            return CommandInfo("palette.complete", ["tab"], "complete", "Accept the highlighted completion", app, footer: true)
        case .nextSuggestion:
            return CommandInfo("palette.next", ["ctrl-n"], "next", "Highlight the next completion", app)
        case .previousSuggestion:
            return CommandInfo("palette.previous", ["ctrl-p"], "previous", "Highlight the previous completion", app)
        case .historyBack: return CommandInfo("palette.history-back", ["up"], "history", "Previous command", app)
        case .historyForward: return CommandInfo("palette.history-forward", ["down"], "history", "Next command", app)
        }
    }
}
