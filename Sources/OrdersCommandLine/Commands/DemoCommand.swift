import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// `orders demo --count N`: fills an empty database with realistic orders, all or nothing.
struct DemoCommand: CLICommand {
    static let name = "demo"
    static let summary = "Fill an empty database with realistic demo orders"
    static let arguments: [String] = []
    static let options: [CommandOption] = [
        .value("--count", "N", "How many orders (required)"),
        .value("--seed", "S", "The generator's seed (default \(OrderDatabase.demoSeed), the app's first-run orders)"),
    ]
    static let details = """
        The same seed always gives the same orders. The database must be empty (a database file
        that does not exist yet is created empty). All of the orders are written in one
        transaction: interrupted, the database keeps none of them.
        """
    static let ifDatabaseMissing = OrderDatabase.IfMissing.createEmpty

    var count: Int
    var seed: UInt64

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        guard let countText = arguments.value("--count") else {
            throw .usage("demo needs --count N (see 'orders demo --help')")
        }
        guard let count = Int(countText), count > 0 else {
            throw .usage("--count needs a positive whole number, got \"\(countText)\"")
        }
        self.count = count
        seed = OrderDatabase.demoSeed
        if let seedText = arguments.value("--seed") {
            guard let value = UInt64(seedText) else { throw .usage("--seed needs a whole number, got \"\(seedText)\"") }
            seed = value
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let store = try await context.openStore()
        let existing = try await store.countsByStatus(matching: .all).values.reduce(0, +)
        guard existing == 0 else {
            throw CLIError.failed("the database \(context.databasePath) already holds \(existing) orders; demo data needs an empty one (use --db NEWFILE)")
        }
        let generator = DemoDataGenerator(seed: seed, now: context.now)
        let count = count
        if let store = store as? SQLiteOrderStore {
            try await store.insertAllOrNothing { insert in
                try await generator.populate(count: count, insert: insert)
            }
            // Empties the write-ahead log the one big transaction filled, rather than leave
            // a log as large as the database beside it.
            try await store.checkpoint()
        } else if let store = store as? any TransferableOrderStore {
            // One transaction over every batch (all or nothing), as `orders copy` writes: the
            // orders are generated and sent a batch at a time, so memory stays bounded at any count.
            try await store.receiveAll(replacing: false) { write in
                try await generator.populate(count: count) { orders in
                    try await write(OrderTransferBatch(orders: orders, audit: []))
                }
            }
        } else {
            // One batch: one transaction, all or nothing.
            try await generator.populate(store, count: count, batchSize: count)
        }
        context.print("Created \(count) demo order\(count == 1 ? "" : "s") in \(context.databasePath).\n")
        return 0
    }
}
