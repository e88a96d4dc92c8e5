import Foundation

/// The first run's record of its demo orders (`DemoSeedStore`): a one-row table, `demo_seed`, that
/// only the first run's seeding creates, in the new file before it is renamed into place; no
/// migration makes it, so every other database lacks it.
extension SQLiteOrderDatabase {
    func recordDemoSeed(count: Int) throws {
        try guarded {
            try connection.writeTransaction {
                try connection.execute("CREATE TABLE IF NOT EXISTS demo_seed (order_count INTEGER NOT NULL)")
                try connection.execute("DELETE FROM demo_seed")
                try connection.statement("INSERT INTO demo_seed (order_count) VALUES (?)").run([.int(count)])
            }
        }
    }

    func demoSeedCount() throws -> Int? {
        try guarded {
            try connection.readTransaction {
                let exists = try connection.integer(
                    "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'demo_seed'")
                guard exists > 0 else { return nil }
                var count: Int?
                try connection.statement("SELECT order_count FROM demo_seed").forEachRow { row in count = row.int(0) }
                return count
            }
        }
    }
}
