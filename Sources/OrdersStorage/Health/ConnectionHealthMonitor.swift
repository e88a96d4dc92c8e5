import Synchronization

/// One store's connection health, from the health of each of its connections: the store is
/// connected only when every one of them is (the reads' and the change listener's), so
/// "reconnected" is never said while live updates are still cut off. Fans the overall health
/// out to every `connectionHealth()` subscriber, each first told the health now.
final class ConnectionHealthMonitor: Sendable {
    /// The connections a store holds.
    enum Link: Hashable, Sendable {
        /// The queries' connections: the main one and a PostgreSQL store's for counts, whichever
        /// answered or failed last (either says whether the server can be reached).
        case queries
        case listener
    }

    private struct State {
        var lost: [Link: String] = [:]
        var subscribers: [Int: AsyncStream<DatabaseConnectionHealth>.Continuation] = [:]
        var nextToken = 0

        var health: DatabaseConnectionHealth {
            // The listener notices first and keeps trying, so its reason is the one to show.
            guard let reason = lost[.listener] ?? lost[.queries] else { return .connected }
            return .unreachable(reason: reason)
        }
    }

    private let state = Mutex(State())

    var health: DatabaseConnectionHealth { state.withLock { $0.health } }

    /// Records that a connection was lost (with its one-line reason) or is back (nil).
    func report(_ link: Link, lost reason: String?) {
        let (changed, health, subscribers) = state.withLock { state in
            let before = state.health
            // The first reason stays while the server is away: attempts that fail again say nothing new.
            if reason == nil || state.lost[link] == nil { state.lost[link] = reason }
            let after = state.health
            return (before != after, after, Array(state.subscribers.values))
        }
        guard changed else { return }
        for subscriber in subscribers { subscriber.yield(health) }
    }

    func subscribe() -> AsyncStream<DatabaseConnectionHealth> {
        let (stream, continuation) = AsyncStream<DatabaseConnectionHealth>.makeStream(bufferingPolicy: .unbounded)
        let token = state.withLock { state in
            state.nextToken += 1
            state.subscribers[state.nextToken] = continuation
            // Yielded under the lock, so no change can slip in between "now" and the next one.
            continuation.yield(state.health)
            return state.nextToken
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: token) }
        }
        return stream
    }

    func finishAll() {
        let subscribers = state.withLock { state in
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}
