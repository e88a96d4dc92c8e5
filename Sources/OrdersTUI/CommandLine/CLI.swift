import TerminalText
import Foundation
import OrdersCore

/// The `orders` command line: parses the arguments, runs one command (or starts
/// the full-screen app) and turns every failure into one line on stderr plus an exit status.
enum CLI {
    static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                    now: Date = Date()) async -> Int32 {
        do {
            return try await dispatch(arguments, environment: environment, now: now)
        } catch let error as CLIError {
            report(error.message)
            return error.exitStatus
        } catch let error as OrderStoreError {
            report(error.description)
            return 1
        } catch {
            report("\(error)")
            return 1
        }
    }

    /// One line on stderr. Messages may quote data (a bad value from an import file),
    /// so control characters are made visible rather than sent to the terminal.
    static func report(_ message: String) {
        FileHandle.standardError.write(Data("orders: \(TerminalText.neutralized(message))\n".utf8))
    }

    private static func dispatch(_ arguments: [String], environment: [String: String], now: Date) async throws -> Int32 {
        guard let first = arguments.first, !first.hasPrefix("-") else {
            return try await runMain(arguments, environment: environment, now: now)
        }
        guard let command = CommandCatalog.command(named: first) else {
            throw CLIError.usage("unknown command \"\(first)\" (see 'orders --help')")
        }
        let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), spec: command.spec, command: command.name)
        if parsed.has("--help") || parsed.has("-h") {
            FileHandle.standardOutput.write(Data((command.usage + "\n").utf8))
            return 0
        }
        let context = CommandContext(arguments: parsed, environment: environment, now: now)
        switch command.name {
        case "list": return try await ListCommand.run(context)
        case "show": return try await ShowCommand.run(context)
        case "set-status", "note", "flag", "unflag": return try await ChangeCommands.run(command.name, context)
        case "import": return try await ImportCommand.run(context)
        case "export": return try await ExportCommand.run(context)
        case "demo": return try await DemoCommand.run(context)
        default: throw CLIError.usage("unknown command \"\(first)\" (see 'orders --help')")
        }
    }

    /// `orders [--db PATH] [--open ID]`: prepare the database, then hand over to the full-screen app.
    private static func runMain(_ arguments: [String], environment: [String: String], now: Date) async throws -> Int32 {
        let parsed = try ParsedArguments.parse(arguments, spec: CommandCatalog.mainSpec, command: "")
        if parsed.has("--help") || parsed.has("-h") {
            FileHandle.standardOutput.write(Data((CommandCatalog.mainUsage + "\n").utf8))
            return 0
        }
        if parsed.has("--version") {
            FileHandle.standardOutput.write(Data((CommandCatalog.version + "\n").utf8))
            return 0
        }
        let context = CommandContext(arguments: parsed, environment: environment, now: now)
        let openOrder = try parsed.value("--open").map { text throws(CLIError) in try context.orderID(text) }
        // Open (creating and seeding a new file) before the screen switches, so any
        // problem with the database is reported as a plain sentence.
        let store = try await context.openStore()
        return try await launchInteractiveApp(InteractiveLaunch(
            store: store, databasePath: context.databasePath, actor: context.actor, openOrder: openOrder))
    }

    @MainActor
    private static func launchInteractiveApp(_ launch: InteractiveLaunch) async throws -> Int32 {
        try await runInteractiveApp(launch)
    }
}
