import Foundation
import OrdersCore

/// `orders demo --count N`: fills an empty database with realistic orders.
enum DemoCommand {
    static func run(_ context: CommandContext) async throws -> Int32 {
        guard let countText = context.arguments.value("--count") else {
            throw CLIError.usage("demo needs --count N (see 'orders demo --help')")
        }
        guard let count = Int(countText), count > 0 else {
            throw CLIError.usage("--count needs a positive whole number, got \"\(countText)\"")
        }
        var seed = OrderDatabase.demoSeed
        if let seedText = context.arguments.value("--seed") {
            guard let value = UInt64(seedText) else { throw CLIError.usage("--seed needs a whole number, got \"\(seedText)\"") }
            seed = value
        }
        let store = try await context.openStore(seeded: false)
        let existing = try await store.countsByStatus(matching: .all).values.reduce(0, +)
        guard existing == 0 else {
            throw CLIError.failed("the database \(context.databasePath) already holds \(existing) orders; demo data needs an empty one (use --db NEWFILE)")
        }
        try await DemoDataGenerator(seed: seed, now: context.now).populate(store, count: count)
        context.print("Created \(count) demo order\(count == 1 ? "" : "s") in \(context.databasePath).\n")
        return 0
    }
}
