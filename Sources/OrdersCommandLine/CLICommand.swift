import Foundation
import OrdersCore
import OrdersInterchange

/// One `orders` subcommand as a typed value. The type declares the command's name,
/// arguments and options once; the parser, the usage text, `--help` and the dispatch
/// table are all generated from that declaration. `init` turns the parsed command
/// line into typed values and throws every usage error before any file is touched.
protocol CLICommand: Sendable {
    /// What the user types: `orders NAME …`.
    static var name: String { get }
    /// One line for `orders --help`.
    static var summary: String { get }
    /// The positional arguments by their placeholders ("ID", "STATUS"), all required.
    static var arguments: [String] { get }
    /// How many positional arguments it takes: by default exactly `arguments`' count.
    static var argumentCounts: ClosedRange<Int> { get }
    /// The options of this command (the global ones are added by the parser).
    static var options: [CommandOption] { get }
    /// Rules and remarks printed after the options by `--help`, or "".
    static var details: String { get }
    /// What happens when the database file does not exist.
    static var ifDatabaseMissing: OrderDatabase.IfMissing { get }
    /// Whether the command may give a database without orders tables its schema (an empty
    /// PostgreSQL database, an empty file): the commands that fill one, and `migrate`.
    static var createsSchema: Bool { get }

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError)

    /// Does the work and returns the exit status; failures are thrown and reported by `CLI`.
    func run(_ context: CommandContext) async throws -> Int32
}

extension CLICommand {
    static var argumentCounts: ClosedRange<Int> { arguments.count...arguments.count }
    static var details: String { "" }
    static var ifDatabaseMissing: OrderDatabase.IfMissing { .refuse }
    static var createsSchema: Bool { ifDatabaseMissing != .refuse }
}
