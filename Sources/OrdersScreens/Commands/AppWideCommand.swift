/// Keys that work on every screen and in the search field, but not inside a modal.
public enum AppWideCommand: KeyCommand, CaseIterable {
    case help, palette, mouse, redraw, interrupt, suspend

    public static var all: [AppWideCommand] { allCases }

    public var info: CommandInfo {
        let app = CommandGroup.app
        switch self {
        case .help: return CommandInfo("app.help", ["?", "F1"], "help", "Show every key", app, footer: true)
        case .palette:
            return CommandInfo("app.palette", [":"], "command", "Command palette (:open, :filter, :sort, :export, :theme…)",
                               app, footer: true)
        case .mouse: return CommandInfo("app.mouse", ["M"], "mouse", "Turn mouse capture on or off", app)
        case .redraw: return CommandInfo("app.redraw", ["ctrl-l"], "redraw", "Redraw the whole screen", app)
        case .interrupt: return CommandInfo("app.interrupt", ["ctrl-c"], "interrupt", "Quit at once (exit status 130)", app)
        case .suspend:
            return CommandInfo("app.suspend", ["ctrl-z"], "suspend", "Suspend to the shell (fg resumes, fully redrawn)", app)
        }
    }
}
