import Dispatch

/// A one-shot or repeating action on the main actor, cancellable.
///
/// Backed by a Dispatch timer on the main queue, so it fires between input
/// batches and wakes the process only when due.
@MainActor
public final class ScheduledTimer {
    private var source: DispatchSourceTimer?

    /// Runs `action` once after `delay`.
    @discardableResult
    public static func after(_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        ScheduledTimer(delay: delay, interval: nil, action: action)
    }

    /// Runs `action` every `interval`, first after one interval.
    @discardableResult
    public static func every(_ interval: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        ScheduledTimer(delay: interval, interval: interval, action: action)
    }

    private init(delay: Duration, interval: Duration?, action: @escaping @MainActor () -> Void) {
        let source = DispatchSource.makeTimerSource(queue: .main)
        let delayTime = DispatchTimeInterval.nanoseconds(Int(clamping: delay.totalNanoseconds))
        // A little leeway lets the kernel batch wake-ups; invisible at UI scale.
        let leeway = DispatchTimeInterval.nanoseconds(Int(clamping: max(delay.totalNanoseconds / 20, 1_000_000)))
        if let interval {
            source.schedule(deadline: .now() + delayTime,
                            repeating: .nanoseconds(Int(clamping: max(interval.totalNanoseconds, 1_000_000))),
                            leeway: leeway)
        } else {
            source.schedule(deadline: .now() + delayTime, leeway: leeway)
        }
        let repeats = interval != nil
        // The handler holds the timer strongly, so a timer whose handle the
        // caller dropped still fires; cancel() breaks the cycle.
        source.setEventHandler {
            MainActor.assumeIsolated {
                if !repeats { self.cancel() }
                action()
            }
        }
        self.source = source
        source.resume()
    }

    /// True until cancelled or, for a one-shot timer, fired.
    public var isActive: Bool { source != nil }

    /// Stops the timer; its action will not run again.
    public func cancel() {
        source?.setEventHandler(handler: nil)
        source?.cancel()
        source = nil
    }
}
