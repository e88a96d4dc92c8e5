import TerminalText
import Foundation
import OrdersCore

/// What every command needs from its surroundings: parsed arguments, where to
/// write, the environment, who is acting and which database to use.
struct CommandContext {
    var arguments: ParsedArguments
    var environment: [String: String]
    var now: Date

    /// The database file: `--db`, else the default location.
    var databasePath: String {
        arguments.value("--db") ?? OrderDatabase.defaultPath(environment: environment)
    }

    /// Who the audit log names: `--actor`, else `$ORDERS_ACTOR`, else the OS user.
    var actor: String {
        if let actor = arguments.value("--actor"), !actor.isEmpty { return actor }
        if let actor = environment["ORDERS_ACTOR"], !actor.isEmpty { return actor }
        return Self.operatingSystemUser(environment: environment)
    }

    static func operatingSystemUser(environment: [String: String]) -> String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name {
            let user = String(cString: name)
            if !user.isEmpty { return user }
        }
        return environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
    }

    /// Opens the database; a new file is filled with demo orders (`seeded`) or left empty.
    func openStore(seeded: Bool = true) async throws -> SQLiteOrderStore {
        try await OrderDatabase.open(path: databasePath, seedCount: seeded ? OrderDatabase.demoOrderCount : 0, now: now)
    }

    /// Parses an order id argument, or fails with a usage error.
    func orderID(_ text: String) throws(CLIError) -> OrderID {
        guard let id = OrderID(text) else { throw .usage("\"\(text)\" is not an order id (expected e.g. ORD-0001234 or 1234)") }
        return id
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
