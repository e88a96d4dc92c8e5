import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport

/// Which store implementation a contract test runs against.
enum StoreKind: String, CaseIterable, CustomStringConvertible {
    case memory
    case sqlite
    /// A fresh database of its own on the test process's one PostgreSQL server.
    case postgres

    var description: String { rawValue }
}

/// A fresh, empty store of one kind, plus a way to open a second handle on the
/// same data (a second process's view: a second connection to the file or the database).
final class StoreFixture: Sendable {
    let kind: StoreKind
    let store: any OrderStore
    let directory: URL?
    /// The libpq connection string of a PostgreSQL fixture's database.
    let connectionString: String?
    private let clock: TestClock

    init(_ kind: StoreKind, clock: TestClock = TestClock()) throws {
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
    func secondHandle() throws -> any OrderStore {
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

enum TemporaryDirectory {
    static func make() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orders-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
