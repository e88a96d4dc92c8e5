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
        let options = ImportOptions(allowsUnterminatedLastLine: context.arguments.has("--allow-unterminated"),
                                    allowsAnyDate: context.arguments.has("--allow-any-date"))
        let file = try OrderImporter.read(path: path, options: options)
        let (name, count) = (file.name, file.entries.count)
        let replacing = context.arguments.has("--update")
        // An import target that does not exist yet starts empty: demo orders would clash with the file's ids.
        let store = try await context.openStore(seeded: false)
        if context.arguments.has("--dry-run") {
            if !replacing {
                let existing = try await OrderImporter.existingOrders(in: file, store: store)
                if !existing.isEmpty { throw ImportError(problems: existing) }
            }
            context.print("\(name): \(count) order\(count == 1 ? "" : "s") can be imported; nothing was written (dry run).\n")
            return 0
        }
        try await OrderImporter.write(file, into: store, replacingExisting: replacing, actor: context.actor)
        context.print("Imported \(count) order\(count == 1 ? "" : "s") from \(name).\n")
        return 0
    }
}
