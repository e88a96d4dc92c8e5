import Foundation
import OrdersCore

/// `orders import FILE`: all of the file's orders, or none of them.
struct ImportCommand: CLICommand {
    static let name = "import"
    static let summary = "Import orders from a CSV or JSON file, all or nothing"
    static let arguments = ["FILE"]
    static let options: [CommandOption] = [
        .flag("--dry-run", "Check the file and report every problem; write nothing"),
        .flag("--update", "Replace orders that already exist (otherwise an existing id is an error)"),
        .flag("--allow-unterminated", "Accept a CSV file whose last line has no line break (refused by default: the file may have been cut short)"),
        .flag("--allow-any-date", "Accept dates before 1970 or after 2100"),
    ]
    static let details = """
        FILE ends in .csv (one row per line item, with a header naming the columns
        id,customer,email,country,currency,status,created_at,flagged,tags,assignee,
        discount,shipping,tax,sku,title,quantity,unit_price) or .json (an array of orders
        with those fields and an "items" array of {sku,title,quantity,unit_price}).
        Amounts may be at most 1000000000000 and quantities at most 1000000.
        A database file that does not exist yet is created empty (without demo orders).
        """
    /// Importing is how a user starts a database of their own orders.
    static let ifDatabaseMissing = OrderDatabase.IfMissing.createEmpty

    var file: String
    var dryRun: Bool
    var replacingExisting: Bool
    var options: ImportOptions

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        file = arguments.positionals[0]
        dryRun = arguments.has("--dry-run")
        replacingExisting = arguments.has("--update")
        options = ImportOptions(allowsUnterminatedLastLine: arguments.has("--allow-unterminated"),
                                allowsAnyDate: arguments.has("--allow-any-date"))
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        do {
            return try await importFile(context)
        } catch let error as ImportError {
            guard dryRun else {
                throw CLIError.failed(error.description + "; nothing was imported")
            }
            // A dry run is asked for a full report: every problem on its own line.
            for problem in error.problems { CLI.report(problem.description) }
            let count = error.problems.count
            throw CLIError.failed("\(count) problem\(count == 1 ? "" : "s") found; nothing was written (dry run)")
        }
    }

    private func importFile(_ context: CommandContext) async throws -> Int32 {
        let file = try OrderImporter.read(path: self.file, options: options)
        let (name, count) = (file.name, file.entries.count)
        let store = try await context.openStore()
        if dryRun {
            if !replacingExisting {
                let existing = try await OrderImporter.existingOrders(in: file, store: store)
                if !existing.isEmpty { throw ImportError(problems: existing) }
            }
            context.print("\(name): \(count) order\(count == 1 ? "" : "s") can be imported; nothing was written (dry run).\n")
            return 0
        }
        try await OrderImporter.write(file, into: store, replacingExisting: replacingExisting, actor: context.actor(for: store))
        context.print("Imported \(count) order\(count == 1 ? "" : "s") from \(name).\n")
        return 0
    }
}
