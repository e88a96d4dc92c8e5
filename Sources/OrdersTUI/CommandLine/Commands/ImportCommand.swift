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
    ]
    static let details = """
        FILE ends in .csv (one row per line item, with a header naming the columns
        id,customer,email,country,currency,status,created_at,flagged,tags,assignee,
        discount,shipping,tax,sku,title,quantity,unit_price) or .json (an array of orders
        with those fields and an "items" array of {sku,title,quantity,unit_price}).
        A database file that does not exist yet is created empty (without demo orders).
        """
    /// Importing is how a user starts a database of their own orders.
    static let ifDatabaseMissing = OrderDatabase.IfMissing.createEmpty

    var file: String
    var dryRun: Bool
    var replacingExisting: Bool

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        file = arguments.positionals[0]
        dryRun = arguments.has("--dry-run")
        replacingExisting = arguments.has("--update")
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
        let name = (file as NSString).lastPathComponent
        let orders = try OrderImporter.read(path: file)
        let store = try await context.openStore()
        if dryRun {
            if !replacingExisting {
                let existing = try await OrderImporter.existingIDs(of: orders, in: store)
                if !existing.isEmpty {
                    throw ImportError(problems: existing.map {
                        ImportProblem(file: name, location: .file, field: "id", problem: "order \($0) already exists (use --update to replace it)")
                    })
                }
            }
            context.print("\(name): \(orders.count) order\(orders.count == 1 ? "" : "s") can be imported; nothing was written (dry run).\n")
            return 0
        }
        try await OrderImporter.write(orders, into: store, replacingExisting: replacingExisting, actor: context.actor, fileName: name)
        context.print("Imported \(orders.count) order\(orders.count == 1 ? "" : "s") from \(name).\n")
        return 0
    }
}
