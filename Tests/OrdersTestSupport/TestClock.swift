import Foundation
import Synchronization

/// A clock tests set by hand: handed to a model or a service as its `now`, so what depends on
/// the time (relative dates, pull times, ages) is the same on a quiet machine and a loaded one.
public final class TestClock: Sendable {
    private let time: Mutex<Date>
    /// Starts at 2026-09-21 14:13:20 UTC, the fixtures' "now", unless told otherwise.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_790_000_000)) { time = Mutex(start) }
    public var now: Date { time.withLock { $0 } }
    public func advance(by seconds: TimeInterval) { time.withLock { $0.addTimeInterval(seconds) } }
}
