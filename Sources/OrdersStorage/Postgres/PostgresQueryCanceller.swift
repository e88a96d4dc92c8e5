import CPostgres
import Dispatch
import Synchronization

/// Asks the server to stop whatever one connection is running (`PQcancel`), from any thread,
/// while the connection's own queue is blocked waiting for that statement's answer.
///
/// libpq's cancel object (`PQgetCancel`) is made on the connection's queue once per session
/// (`arm`), and `PQcancel` on it is safe from another thread; the lock only keeps it from being
/// freed (a reconnection, a close) while a cancel uses it. A cancel is a round trip to the
/// server, so it is sent from a queue of its own and never holds up the caller (the main actor,
/// cancelling a stale count). The server cancels what runs when the request arrives, if
/// anything: a request that arrives late can hit the next statement, which the caller must allow
/// for (`PostgresOrderDatabase.counting`).
final class PostgresQueryCanceller: Sendable {
    private let cancel = Mutex<CancelObject?>(nil)
    private let queue = DispatchQueue(label: "orders.postgres.cancel")

    /// libpq's cancel object, only ever used under the lock.
    private struct CancelObject: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    deinit {
        disarm()
    }

    /// Takes the cancel object of the connection's session now; call on the connection's queue.
    func arm(_ connection: OpaquePointer) {
        let object = PQgetCancel(connection).map(CancelObject.init)
        let old = cancel.withLock { current in
            defer { current = object }
            return current
        }
        if let old { PQfreeCancel(old.pointer) }
    }

    /// Forgets the session's cancel object (the connection is being reset or closed).
    func disarm() {
        let old = cancel.withLock { current in
            defer { current = nil }
            return current
        }
        if let old { PQfreeCancel(old.pointer) }
    }

    /// Asks the server, without waiting, to cancel the statement the connection runs now.
    func cancelRunningStatement() {
        queue.async { [self] in
            cancel.withLock { current in
                guard let current else { return }
                var message = [CChar](repeating: 0, count: 256)
                // A failure (the server gone) needs nothing: the statement's own answer says so.
                _ = PQcancel(current.pointer, &message, Int32(message.count))
            }
        }
    }
}
