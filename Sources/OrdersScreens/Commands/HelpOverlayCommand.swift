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
