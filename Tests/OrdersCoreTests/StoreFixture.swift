import Foundation
import Synchronization
@testable import OrdersCore

/// Which store implementation a contract test runs against.
enum StoreKind: String, CaseIterable, CustomStringConvertible {
    case memory
    case sqlite

    var description: String { rawValue }
}

/// A fresh, empty store of one kind, plus a way to open a second handle on the
/// same data (a second process's view, for SQLite: a second connection to the file).
final class StoreFixture: Sendable {
    let kind: StoreKind
    let store: any OrderStore
    let directory: URL?
    private let clock: TestClock

    init(_ kind: StoreKind, clock: TestClock = TestClock()) throws {
        self.kind = kind
        self.clock = clock
        switch kind {
        case .memory:
            directory = nil
            store = InMemoryOrderStore(now: { clock.now })
        case .sqlite:
            let directory = try TemporaryDirectory.make()
            self.directory = directory
            store = try SQLiteOrderStore(path: directory.appendingPathComponent("orders.db").path, now: { clock.now })
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
        }
    }

    deinit {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }
}

/// A clock tests set by hand.
final class TestClock: Sendable {
    private let storage: Mutex<Date>
    init(_ start: Date = Date(timeIntervalSince1970: 1_790_000_000)) { storage = Mutex(start) }
    var now: Date { storage.withLock { $0 } }
    func advance(by seconds: TimeInterval) { storage.withLock { $0.addTimeInterval(seconds) } }
}

enum TemporaryDirectory {
    static func make() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orders-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
