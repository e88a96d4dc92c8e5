import Foundation
import Synchronization

/// A clock tests set by hand: handed to a model or a service as its `now`, so what depends on
/// the time (relative dates, pull times, ages) is the same on a quiet machine and a loaded one,
/// and as its `sleep`, so a timer fires when the test advances the clock past it, never on its own.
public final class TestClock: Sendable {
    private struct State {
        var now: Date
        var sleepers: [Int: (deadline: Date, wake: CheckedContinuation<Void, any Error>)] = [:]
        /// Sleepers cancelled before they were registered: they return at once when they are.
        var cancelledEarly: Set<Int> = []
        var nextSleeper = 0
    }
    private let state: Mutex<State>

    /// Starts at 2026-09-21 14:13:20 UTC, the fixtures' "now", unless told otherwise.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_790_000_000)) { state = Mutex(State(now: start)) }

    public var now: Date { state.withLock { $0.now } }

    /// Moves the time on, waking every sleeper whose moment has come.
    public func advance(by seconds: TimeInterval) {
        let woken = state.withLock { state in
            state.now.addTimeInterval(seconds)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.wake)
        }
        for wake in woken { wake.resume() }
    }

    /// How many sleepers wait for the clock (a test advances it once its timer has started).
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Returns once the clock has been advanced by `duration` from now; throws `CancellationError`
    /// when the sleeping task is cancelled first.
    @Sendable
    public func sleep(_ duration: Duration) async throws {
        let id = state.withLock { state in
            defer { state.nextSleeper += 1 }
            return state.nextSleeper
        }
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
                let immediately: (any Error)?? = state.withLock { state in
                    if state.cancelledEarly.remove(id) != nil { return .some(CancellationError()) }
                    let deadline = state.now.addingTimeInterval(seconds)
                    if deadline <= state.now { return .some(nil) }
                    state.sleepers[id] = (deadline, wake)
                    return .none
                }
                switch immediately {
                case .some(.some(let error)): wake.resume(throwing: error)
                case .some(.none): wake.resume()
                case .none: break
                }
            }
        } onCancel: {
            let wake = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelledEarly.insert(id)
                    return nil as CheckedContinuation<Void, any Error>?
                }
                return sleeper.wake
            }
            wake?.resume(throwing: CancellationError())
        }
    }
}
