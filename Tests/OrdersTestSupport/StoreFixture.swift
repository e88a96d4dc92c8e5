import Foundation
import OrdersCore
import OrdersStorage
import TerminalTestSupport
import Testing

/// Which store implementation a contract test runs against.
package enum StoreKind: String, CaseIterable, CustomStringConvertible {
    case memory
    case sqlite
    /// A fresh database of its own on the test process's one PostgreSQL server.
    case postgres

    package var description: String { rawValue }
}

/// A fresh, empty store of one kind, plus a way to open a second handle on the
/// same data (a second process's view: a second connection to the file or the database).
package final class StoreFixture: Sendable {
    package let kind: StoreKind
    package let store: any OrderStore
    package let directory: URL?
    /// The libpq connection string of a PostgreSQL fixture's database.
    package let connectionString: String?
    private let clock: TestClock

    package init(_ kind: StoreKind, clock: TestClock = TestClock()) throws {
        self.kind = kind
        self.clock = clock
        switch kind {
        case .memory:
            directory = nil
            connectionString = nil
            store = InMemoryOrderStore(now: { clock.now })
        case .sqlite:
            let directory = try TemporaryDirectory.make()
            self.directory = directory
            connectionString = nil
            store = try SQLiteOrderStore(path: directory.appendingPathComponent("orders.db").path, now: { clock.now })
        case .postgres:
            directory = nil
            let connectionString = try PostgresTestServer.shared.get().makeDatabase()
            self.connectionString = connectionString
            store = try PostgresOrderStore(connectionString: connectionString, now: { clock.now })
        }
    }

    /// Another handle on the same data.
    package func secondHandle() throws -> any OrderStore {
        switch kind {
        case .memory:
            return store
        case .sqlite:
            let path = directory.map { $0.appendingPathComponent("orders.db").path } ?? ""
            return try SQLiteOrderStore(path: path, now: { [clock] in clock.now })
        case .postgres:
            return try PostgresOrderStore(connectionString: connectionString ?? "", now: { [clock] in clock.now })
        }
    }

    deinit {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }
}

package enum TemporaryDirectory {
    package static func make() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orders-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// What tests read back from a store, whatever its kind.
extension StoreFixture {
    /// The Shopify order numbered `number` as the store holds it; the test fails when there is none.
    package static func stored(_ number: String, in store: some OrderStore) async throws -> Order {
        try #require(try await store.orders(numbered: OrderReference(source: "shopify", number: number)).first)
    }

    /// Every order of the store (up to 10,000), by key.
    package static func allOrders(_ store: any OrderStore) async throws -> [Order] {
        try await store.orders(matching: OrderQuery(sort: OrderSort(.id, ascending: true)), page: PageRequest(offset: 0, limit: 10_000)).orders
    }

    /// The store as a rule store; the test fails when it is not one.
    package static func rules(_ store: any OrderStore) throws -> any OrderStore & RuleStore {
        try #require(store as? any OrderStore & RuleStore)
    }

    /// Every order and its history: what a read-only command must leave as it was.
    package static func everything(in store: any OrderStore) async throws -> [String] {
        var lines: [String] = []
        for try await batch in store.scanAll(batchSize: 100) {
            for order in batch { lines.append("\(order) \(try await store.history(of: order.id))") }
        }
        return lines
    }

    /// The SQLite file and its write-ahead log, byte for byte (nothing for PostgreSQL).
    package static func fileBytes(_ fixture: StoreFixture) -> [Data?] {
        guard let directory = fixture.directory else { return [] }
        return ["orders.db", "orders.db-wal"].map { try? Data(contentsOf: directory.appendingPathComponent($0)) }
    }
}
