/// Every subcommand, once: the one dispatch table `CLI` looks names up in, and the
/// source of `orders --help`.
enum CommandCatalog {
    static let version = "orders 0.1.0"

    static let commands: [any CLICommand.Type] = [
        ListCommand.self, ShowCommand.self, HistoryCommand.self, SetStatusCommand.self, PayCommand.self, FulfilCommand.self,
        RefundCommand.self, CancelCommand.self, HoldCommand.self, ReleaseCommand.self, CloseCommand.self,
        ReopenCommand.self, NoteCommand.self, FlagCommand.self,
        UnflagCommand.self, TagCommand.self, UntagCommand.self, AssignCommand.self, UndoCommand.self, ImportCommand.self,
        ExportCommand.self, ViewsCommand.self, DemoCommand.self, MigrateCommand.self, CopyCommand.self,
        ShopCommand.self, SyncCommand.self, RulesCommand.self,
        CompletionCommand.self, ManCommand.self,
    ]

    static func command(named name: String) -> (any CLICommand.Type)? {
        commands.first { $0.name == name }
    }

    /// The options of `orders` itself (the full-screen app).
    static let appOptions: [CommandOption] = [
        .value("--open", "ID", "Start on this order's detail, with the list behind it"),
        .flag("--version", "Show the version and the commit it was built from"),
    ]

    static var mainUsage: String {
        // Closures, not key paths: a key path to a static member of an existential
        // metatype crashes the Swift 6.3 compiler.
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 3) + $0.summary }
        return """
        orders — triage customer orders in the terminal

        Usage: orders [--db PATH] [--open ID]     Start the full-screen app
               orders COMMAND [options]           Run one command and exit

        Commands:
        \(list.joined(separator: "\n"))

        Options for every command (before or after its name):
        \(CommandUsage.optionLines(CommandOption.global))

        Options of the full-screen app:
        \(CommandUsage.optionLines(appOptions))

        Commands refuse a database file that does not exist, and create nothing: `orders demo`
        and `orders import` create one. Only the full-screen app on its default path creates
        its database, with demo orders, on first run.

        \(FileFormatHelp.text)

        Exit status: 0 success, 1 the command failed, 2 the command line is wrong.

        \(InteractiveHelp.text)
        """
    }
}
