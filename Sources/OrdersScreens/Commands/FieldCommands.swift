// The commands of the text fields and dialogs. Typing itself is not a command here:
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

/// The note editor.
public enum NoteEditorCommand: KeyCommand, CaseIterable {
    case save, discard

    public static var all: [NoteEditorCommand] { allCases }

    public var info: CommandInfo {
        switch self {
        case .save: return CommandInfo("field.accept", ["enter"], "save", "Save the note", CommandGroup.act, footer: true)
        case .discard:
            return CommandInfo("field.cancel", ["esc"], "discard", "Discard the note", CommandGroup.act, footer: true)
        }
    }
}

/// The confirmation dialog.
public enum ConfirmDialogCommand: KeyCommand, CaseIterable {
    case press, nextButton, previousButton, yes, no

    public static var all: [ConfirmDialogCommand] { allCases }

    public var info: CommandInfo {
        let act = CommandGroup.act
        switch self {
        case .press: return CommandInfo("confirm.press", ["enter"], "choose", "Press the focused button", act, footer: true)
        case .nextButton:
            return CommandInfo("confirm.next", ["tab", "right", "l"], "next button", "Focus the next button", act,
                               footer: true)
        case .previousButton:
            return CommandInfo("confirm.previous", ["shift-tab", "left", "h"], "previous button",
                               "Focus the previous button", act)
        case .yes: return CommandInfo("confirm.yes", ["y"], "yes", "Confirm", act, footer: true)
        case .no: return CommandInfo("confirm.no", ["n", "esc"], "no", "Do not do it", act, footer: true)
        }
    }
}

/// The help overlay (typing narrows its list).
public enum HelpOverlayCommand: KeyCommand, CaseIterable {
    case close, scrollDown, scrollUp, pageDown, pageUp

    public static var all: [HelpOverlayCommand] { allCases }

    public var info: CommandInfo {
        let app = CommandGroup.app
        switch self {
        case .close:
            return CommandInfo("field.cancel", ["esc", "F1"], "close", "Close help (typing filters the list)", app,
                               footer: true)
        case .scrollDown: return CommandInfo("help.down", ["down"], "scroll", "Scroll down", app, footer: true)
        case .scrollUp: return CommandInfo("help.up", ["up"], "scroll up", "Scroll up", app)
        case .pageDown: return CommandInfo("help.page-down", ["pgdn"], "page down", "Scroll a page down", app)
        case .pageUp: return CommandInfo("help.page-up", ["pgup"], "page up", "Scroll a page up", app)
        }
    }
}

/// The error alert.
public enum AlertCommand: KeyCommand, CaseIterable {
    case dismiss

    public static var all: [AlertCommand] { allCases }

    public var info: CommandInfo {
        CommandInfo("field.cancel", ["enter", "esc", "q"], "dismiss", "Close the message", CommandGroup.app, footer: true)
    }
}
