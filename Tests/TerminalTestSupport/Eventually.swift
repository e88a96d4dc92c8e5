import Glibc
import Testing

/// Waits until something a test expects holds, polling a condition; fails the test with a message
/// naming what was awaited if it does not hold within `limit`. The limit only guards against a hang
/// (the test asserts what happens, not how fast): keep it generous.
///
/// In an async test (a model's background work, a store's change feed), on the caller's actor:
///
///     try await eventually("the list to show the other operator's change") { list.rows.count == 3 }
///
/// In a synchronous end-to-end test (another process, a database read by `orders show`), `waitUntil`
/// does the same, blocking the thread between polls (its own name: in an async test an overload would
/// silently pick the blocking one for a synchronous closure):
///
///     try waitUntil("order 2 stored as flagged") { try app.stored(2)["flagged"] as? Bool == true }
///     try waitUntil("order 13 stored", equals: "0 refunds, payment paid") { try describe(app.stored(13)) }
///
/// All record an issue and throw `WaitTimedOut` when the time is up, so the test stops there.
public func eventually(_ what: String, within limit: Duration = Deadline.generous,
                       polling interval: Duration = .milliseconds(20),
                       isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation,
                       _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut.record(what, limit, sourceLocation) }
        try await Task.sleep(for: interval)
    }
}

/// `eventually` for a synchronous test: blocks the calling thread between polls.
public func waitUntil(_ what: String, within limit: Duration = .seconds(15), polling interval: Duration = .milliseconds(100),
                       sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool) throws {
    let deadline = ContinuousClock.now + limit
    while try !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut.record(what, limit, sourceLocation) }
        let (seconds, attoseconds) = interval.components
        usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }
}

/// Waits until `read` gives `expected` (synchronously, as above); on time-out the message shows the last value read beside the
/// expected one (a stored order's fields, a file's state), which says far more than "never".
public func waitUntil<Value: Equatable>(_ what: String, equals expected: Value, within limit: Duration = .seconds(15),
                                         polling interval: Duration = .milliseconds(100),
                                         sourceLocation: SourceLocation = #_sourceLocation,
                                         _ read: () throws -> Value) throws {
    var last: Value?
    do {
        try waitUntil(what, within: limit, polling: interval, sourceLocation: sourceLocation) {
            last = try read()
            return last == expected
        }
    } catch let timedOut as WaitTimedOut {
        Issue.record("last read: \(last.map { "\($0)" } ?? "nothing"); expected: \(expected)", sourceLocation: sourceLocation)
        throw timedOut
    }
}

/// What `eventually` or `waitUntil` throws when time is up (its issue is already recorded).
public struct WaitTimedOut: Error, CustomStringConvertible {
    public let what: String
    public var description: String { "timed out waiting for \(what)" }

    static func record(_ what: String, _ limit: Duration, _ sourceLocation: SourceLocation) -> WaitTimedOut {
        Issue.record("timed out after \(limit) waiting for \(what)", sourceLocation: sourceLocation)
        return WaitTimedOut(what: what)
    }
}
