import Foundation
import Synchronization

/// Ends the process if one case runs longer than its limit: a hang is a finding,
/// and a fuzzer that hangs with it would report nothing. A thread of its own,
/// so a case that never yields cannot keep it from firing.
public final class CaseWatchdog: Sendable {
    public let limit: Duration
    /// When the running case started (nanoseconds of the monotonic clock), 0 when idle.
    private let startedAt = Atomic<UInt64>(0)
    private let label = Mutex<String>("")

    public init(limit: Duration = .seconds(10)) {
        self.limit = limit
        let thread = Thread { [self] in watch() }
        thread.name = "fuzz watchdog"
        thread.start()
    }

    /// Marks the start of a case; `description` is printed if it hangs.
    public func begin(_ description: String) {
        label.withLock { $0 = description }
        startedAt.store(Self.now(), ordering: .releasing)
    }

    public func end() {
        startedAt.store(0, ordering: .releasing)
    }

    private func watch() {
        let limitNanoseconds = UInt64(limit.components.seconds) * 1_000_000_000
        while true {
            Thread.sleep(forTimeInterval: 0.25)
            let started = startedAt.load(ordering: .acquiring)
            guard started != 0, Self.now() &- started > limitNanoseconds else { continue }
            let description = label.withLock { $0 }
            FileHandle.standardError.write(Data("fuzz: hang: \(description) ran longer than \(limit)\n".utf8))
            abort()
        }
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
