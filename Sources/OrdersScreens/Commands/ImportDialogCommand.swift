/// The import dialog (`:import FILE`): its progress while it runs, then its summary.
public enum ImportDialogCommand: KeyCommand, CaseIterable {
    /// Stops a running import (nothing is written); on the summary, closes it.
    case cancel
    /// Closes the summary once the import is over (a running import goes on).
    case close

    public static var all: [ImportDialogCommand] { allCases }

    public var info: CommandInfo {
        let app = CommandGroup.app
        switch self {
        case .cancel:
            return CommandInfo("import.cancel", ["esc", "ctrl-c"], "cancel/close",
                               "Stop the import, writing nothing; once it is over, close its summary", app, footer: true)
        case .close:
            return CommandInfo("import.close", ["enter", "q"], "close", "Close the import's summary", app, footer: true)
        }
    }
}
