import Foundation
import Synchronization

/// Fans one stream of store changes out to every current `changes()` subscriber.
///
/// Each subscriber gets its own unbounded stream: a slow consumer must not lose
/// an `.updated` notice, or its screen would silently show stale rows.
final class ChangeBroadcaster: Sendable {
    private let subscribers = Mutex<[Int: AsyncStream<OrderStoreChange>.Continuation]>([:])
    private let nextToken = Atomic<Int>(0)
    /// Called with the new subscriber count whenever it changes, so a store can
    /// start watching for other processes only while someone listens.
    private let onSubscriberCountChange: (@Sendable (Int) -> Void)?

    init(onSubscriberCountChange: (@Sendable (Int) -> Void)? = nil) {
        self.onSubscriberCountChange = onSubscriberCountChange
    }

    /// A new stream that receives every change sent from now on, until cancelled.
    func subscribe() -> AsyncStream<OrderStoreChange> {
        let token = nextToken.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream<OrderStoreChange>.makeStream(bufferingPolicy: .unbounded)
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            let count = self.subscribers.withLock { subscribers in
                subscribers[token] = nil
                return subscribers.count
            }
            self.onSubscriberCountChange?(count)
        }
        let count = subscribers.withLock { subscribers in
            subscribers[token] = continuation
            return subscribers.count
        }
        onSubscriberCountChange?(count)
        return stream
    }

    var subscriberCount: Int { subscribers.withLock { $0.count } }

    /// Delivers a change to every subscriber.
    func send(_ change: OrderStoreChange) {
        let continuations = subscribers.withLock { Array($0.values) }
        for continuation in continuations { continuation.yield(change) }
    }

    /// Ends every subscriber's stream (the store is going away).
    func finishAll() {
        let continuations = subscribers.withLock { subscribers in
            defer { subscribers.removeAll() }
            return Array(subscribers.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
