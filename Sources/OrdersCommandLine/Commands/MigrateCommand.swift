import Foundation
import OrdersCore

/// `orders migrate`: brings a database's schema up to this build's, and says so.
struct MigrateCommand: CLICommand {
    static let name = "migrate"
    static let summary = "Bring the database's schema up to date (also done on first use)"
    static let arguments: [String] = []
    static let options: [CommandOption] = []
    static let createsSchema = true
    static let details = """
        Opening a database migrates it, so this is only needed to prepare one ahead of time, for
        example a team's PostgreSQL database before anyone starts orders on it. Migrations run in
        one transaction each time; several processes starting at once migrate it once.
        """

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {}

    func run(_ context: CommandContext) async throws -> Int32 {
        _ = try await context.openStore()
        context.print("The database \(context.databasePath) is up to date.\n")
        return 0
    }
}
