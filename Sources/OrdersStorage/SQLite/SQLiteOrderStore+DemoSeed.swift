import Foundation

extension SQLiteOrderStore: DemoSeedStore {
    public func demoSeedCount() async throws -> Int? {
        try await database.demoSeedCount()
    }

    /// Records that this database was seeded with `count` demo orders at the first run
    /// (`OrderDatabase.open` only).
    package func recordDemoSeed(count: Int) async throws {
        try await database.recordDemoSeed(count: count)
    }
}
