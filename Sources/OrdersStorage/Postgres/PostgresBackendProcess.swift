import Synchronization

/// The server process that serves the store's query connection: notifications it caused are
/// the store's own writes, which the listener leaves out. It changes when the connection is
/// made again after a drop, so the listener reads it anew for every notification.
final class PostgresBackendProcess: Sendable {
    private let current = Atomic<Int32>(0)

    var id: Int32 { current.load(ordering: .acquiring) }

    func set(_ id: Int32) {
        current.store(id, ordering: .releasing)
    }
}
