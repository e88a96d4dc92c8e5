import Foundation
import OrdersApp
import OrdersCore
import OrdersInterchange
import OrdersPresentation
import OrdersStorage
import TerminalText

/// What every command needs from its surroundings: parsed arguments, where to
/// write, the environment, who is acting and which database to use.
struct CommandContext {
    var arguments: ParsedArguments
    var environment: [String: String]
    var now: Date
    /// What opening the database does if the file does not exist (the command's rule).
    var ifDatabaseMissing: OrderDatabase.IfMissing = .refuse
    /// Whether a database without orders tables may be given them (`CLICommand.createsSchema`).
    var createsSchema = false

    /// The database as named: `--db`, else `$ORDERS_DB`, else `"database"` in the config, else the default file.
    var databaseArgument: String {
        namedDatabase ?? OrderDatabase.defaultPath(environment: environment)
    }

    /// Whether a database was named rather than the default file used.
    var namesDatabase: Bool { namedDatabase != nil }

    private var namedDatabase: String? {
        if let named = arguments.value("--db") { return named }
        if let named = environment["ORDERS_DB"], !named.isEmpty { return named }
        // A broken config is reported by the app, which then starts on the defaults.
        return AppConfig.load(environment: environment).config.database
    }

    /// A SQLite file or a PostgreSQL server.
    var location: StoreLocation { StoreLocation(databaseArgument) }

    /// The database as messages name it (a server URL without its password).
    var databasePath: String { location.displayName }

    /// Who the audit log names for changes through `store` (`AuditActor.resolve`: `--actor`,
    /// else `$ORDERS_ACTOR`, else the database user).
    func actor(for store: any OrderStore) -> String {
        AuditActor.resolve(option: arguments.value("--actor"), environment: environment, store: store)
    }

    /// Opens the database; a missing file is refused or created as `ifDatabaseMissing` says.
    /// A PostgreSQL database without orders tables gets them only from a command that
    /// `createsSchema` (the server and database must exist); others refuse it, creating nothing.
    func openStore() async throws -> any OrderStore {
        try await openStore(at: location, ifMissing: ifDatabaseMissing, createsSchema: createsSchema)
    }

    /// The database when it exists already, with its orders tables: opened before a command decides
    /// whether to write (a shop import reads the stored digests before it reads the file), so that
    /// nothing is created for a file refused. Nil when it does not exist or cannot be opened now;
    /// `openStore` then says why, as it did before.
    func openExistingStore() async -> (any OrderStore)? {
        if case .sqliteFile(let path) = location, !FileManager.default.fileExists(atPath: path) { return nil }
        return try? await openStore(at: location, ifMissing: .refuse, createsSchema: false)
    }

    /// Opens a named database (`orders copy` names two); a missing file is refused or created as
    /// `ifMissing` says, and a database without orders tables given them only when `createsSchema`,
    /// which is then said on standard error.
    func openStore(at location: StoreLocation, ifMissing: OrderDatabase.IfMissing,
                   createsSchema: Bool) async throws -> any TransferableOrderStore {
        switch location {
        case .sqliteFile(let path):
            return try await OrderDatabase.open(path: path, ifMissing: ifMissing, now: now,
                                                options: SQLiteOrderStore.Options(mayCreateSchema: createsSchema))
        case .postgres(let url):
            let store = try PostgresOrderStore(connectionString: url, mayCreateSchema: createsSchema)
            if store.createdSchema { printError("orders: created the orders tables in \(location.displayName)\n") }
            return store
        }
    }

    /// After a command that wrote many orders into an SQLite file: the list's index file beside it
    /// is brought up to date now (`IndexFileUpkeep`), so the next launch need not fetch them again
    /// or scan every order. The orders are already committed: a failure here only costs that launch
    /// its speed, so it is said on standard error and the command's outcome stands.
    func keepIndexFileCurrent() async {
        guard case .sqliteFile = location else { return }
        do {
            _ = try await IndexFileUpkeep.refresh(after: openStore(at: location, ifMissing: .refuse, createsSchema: false))
        } catch {
            printError(TerminalText.neutralized("orders: the list's index file beside \(databasePath) could not be brought up to date "
                + "(\(error)); the app will rebuild it at its next launch") + "\n")
        }
    }

    // MARK: Output

    private static let standardOutputIsTerminal = isatty(STDOUT_FILENO) == 1

    /// Writes to standard output. Data goes to a terminal only with control characters made visible.
    func print(_ text: String, fromData: Bool = false) {
        let safe = fromData && Self.standardOutputIsTerminal ? TerminalText.neutralized(text, keepingLineBreaks: true) : text
        FileHandle.standardOutput.write(Data(safe.utf8))
    }

    /// Writes a status line (not data) to standard error.
    func printError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
