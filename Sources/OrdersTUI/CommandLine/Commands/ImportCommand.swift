import Foundation
import OrdersCore

/// `orders import FILE`: all of the file's orders, or none of them.
enum ImportCommand {
    static func run(_ context: CommandContext) async throws -> Int32 {
        do {
            return try await importFile(context)
        } catch let error as ImportError {
            guard context.arguments.has("--dry-run") else {
                throw CLIError.failed(error.description + "; nothing was imported")
            }
            // A dry run is asked for a full report: every problem on its own line.
            for problem in error.problems { CLI.report(problem.description) }
            let count = error.problems.count
            throw CLIError.failed("\(count) problem\(count == 1 ? "" : "s") found; nothing was written (dry run)")
        }
    }

    private static func importFile(_ context: CommandContext) async throws -> Int32 {
        let path = context.arguments.positionals[0]
        let name = (path as NSString).lastPathComponent
        let orders = try OrderImporter.read(path: path)
        let replacing = context.arguments.has("--update")
        // An import target that does not exist yet starts empty: demo orders would clash with the file's ids.
        let store = try await context.openStore(seeded: false)
        if context.arguments.has("--dry-run") {
            if !replacing {
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
        try await OrderImporter.write(orders, into: store, replacingExisting: replacing, actor: context.actor, fileName: name)
        context.print("Imported \(orders.count) order\(orders.count == 1 ? "" : "s") from \(name).\n")
        return 0
    }
}
