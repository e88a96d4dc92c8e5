import Foundation
import OrdersApp
import OrdersCore
import OrdersInterchange
import OrdersStorage
import TermRender
import TerminalText

/// The `orders` command line: parses the arguments, runs one command (or starts
/// the full-screen app) and turns every failure into one line on stderr plus an exit status.
public enum CLI {
    /// `interceptingInput` may put a handler in front of the full-screen app's own: the
    /// fatal-signal tests' program (`OrdersFaulty`) puts its fault hook there; `orders` never does.
    public static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                           now: Date = Date(), interceptingInput: @escaping InputInterception = { $0 }) async -> Int32 {
        // A full disk or a file size limit (`ulimit -f`) must fail the write with a sentence
        // and a rollback, not kill the process with SIGXFSZ in the middle of it.
        signal(SIGXFSZ, SIG_IGN)
        do {
            return try await dispatch(arguments, environment: environment, now: now, interceptingInput: interceptingInput)
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

    private static func dispatch(_ arguments: [String], environment: [String: String], now: Date,
                                 interceptingInput: @escaping InputInterception) async throws -> Int32 {
        guard let (name, rest) = ParsedArguments.commandName(in: arguments) else {
            return try await runMain(arguments, environment: environment, now: now, interceptingInput: interceptingInput)
        }
        guard let command = CommandCatalog.command(named: name) else {
            throw CLIError.usage("unknown command \"\(name)\" (see 'orders --help')")
        }
        let parsed = try ParsedArguments.parse(rest, options: command.options,
                                               positionals: command.argumentCounts,
                                               command: command.name)
        if parsed.wantsHelp {
            FileHandle.standardOutput.write(Data((CommandUsage.text(for: command) + "\n").utf8))
            return 0
        }
        // Every usage error is thrown here, before the database is touched.
        let typed = try command.init(parsed, now: now)
        // As the app does on its status bar: a broken config is said, once, and the defaults used.
        if let problem = AppConfig.load(environment: environment).problem { report(problem) }
        let context = CommandContext(arguments: parsed, environment: environment, now: now,
                                     ifDatabaseMissing: command.ifDatabaseMissing, createsSchema: command.createsSchema)
        return try await removingCreatedDatabase(ifFailing: context) { try await typed.run(context) }
    }

    /// Runs a command that may create a database file, and removes the file (with its -wal and
    /// -shm) when the command fails after creating it: a failed import into a new file on a full
    /// disk must not leave an empty database and a log that keep the disk full. Only a file that
    /// did not exist when the command started is removed.
    private static func removingCreatedDatabase(ifFailing context: CommandContext,
                                                _ body: () async throws -> Int32) async throws -> Int32 {
        guard context.ifDatabaseMissing != .refuse, case .sqliteFile(let path) = context.location,
              !FileManager.default.fileExists(atPath: path) else { return try await body() }
        // An orphaned -wal or -shm already there is not ours: it is refused and left alone (`OrderDatabase`).
        let created = [path, path + "-wal", path + "-shm"].filter { !FileManager.default.fileExists(atPath: $0) }
        func removeCreated() {
            for file in created { try? FileManager.default.removeItem(atPath: file) }
        }
        // Only on a thrown failure: a nonzero status may come with orders written (`--skip-invalid`).
        do {
            return try await body()
        } catch {
            removeCreated()
            throw error
        }
    }

    /// `orders [--db PATH] [--open ID]`: prepare the database, then hand over to the full-screen app.
    private static func runMain(_ arguments: [String], environment: [String: String], now: Date,
                                interceptingInput: @escaping InputInterception) async throws -> Int32 {
        let parsed = try ParsedArguments.parse(arguments, options: CommandCatalog.appOptions, positionals: 0...0, command: "")
        if parsed.wantsHelp {
            FileHandle.standardOutput.write(Data((CommandCatalog.mainUsage + "\n").utf8))
            return 0
        }
        if parsed.has("--version") {
            FileHandle.standardOutput.write(Data((BuildCommit.versionLine + "\n").utf8))
            return 0
        }
        let openOrder = try parsed.value("--open").map { text throws(CLIError) in try ArgumentValue.orderReference(text) }
        // Only the default database is created, with demo orders, on first run: a path
        // given with --db that does not exist is most likely a typo.
        let context = CommandContext(arguments: parsed, environment: environment, now: now,
                                     ifDatabaseMissing: .refuse)
        let launchContext = context.namesDatabase ? context : {
            var context = context
            context.ifDatabaseMissing = .createWithDemoOrders(OrderDatabase.demoOrderCount)
            return context
        }()
        // Open (creating and seeding a new file) before the screen switches, so any
        // problem with the database is reported as a plain sentence.
        let store = try await launchContext.openStore()
        return try await launchInteractiveApp(InteractiveLaunch(
            store: store,
            databaseName: context.location.headerName(environment: environment,
                                                      currentDirectory: FileManager.default.currentDirectoryPath),
            databaseAddress: Self.absolute(context.location), storeLocation: context.location,
            actor: context.actor(for: store), openOrder: openOrder,
            interceptingInput: interceptingInput))
    }

    /// The database as the operator's own commands get it (`ORDERS_DB`): a file by its absolute
    /// path (a command may change folder), a server by its URL without the password.
    private static func absolute(_ location: StoreLocation) -> String {
        guard case .sqliteFile(let path) = location, !path.hasPrefix("/") else { return location.displayName }
        return FileManager.default.currentDirectoryPath + "/" + path
    }

    @MainActor
    private static func launchInteractiveApp(_ launch: InteractiveLaunch) async throws -> Int32 {
        try await runInteractiveApp(launch)
    }
}
