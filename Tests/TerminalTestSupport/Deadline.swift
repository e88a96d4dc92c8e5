import Synchronization

/// Awaits something a test expects to happen, but not for ever: a wait fed by a
/// callback (a change notice, a Dispatch source, another process) that never comes
/// must fail that test, not hang the whole run with no word of which test it was.
///
/// The operation runs in a task of its own and is not awaited past the limit (an
/// await on a continuation that is never resumed cannot be cancelled, so a task
/// group would wait for it for ever): on time-out it is left behind, suspended.
/// The limits are generous guards against hanging, not timing assertions.
public enum Deadline {
    /// The default limit: far beyond anything that works, even on a loaded machine.
    public static let generous: Duration = .seconds(60)

    /// The operation's value, or nil if it did not finish within `limit`.
    public static func value<T: Sendable>(within limit: Duration = generous,
                                          _ operation: @escaping @Sendable () async -> T) async -> T? {
        let first = FirstResult<T?>()
        return await withCheckedContinuation { continuation in
            first.install(continuation)
            let timer = Task {
                try? await Task.sleep(for: limit)
                // Cancelled because the operation finished: its value must win, not this nil (the
                // timer's task could otherwise wake first on another thread and answer "too late").
                guard !Task.isCancelled else { return }
                first.resume(with: nil)
            }
            Task {
                let value = await operation()
                timer.cancel()
                first.resume(with: value)
            }
        }
    }

    /// True if the operation finished within `limit`.
    public static func finishes(within limit: Duration = generous,
                                _ operation: @escaping @Sendable () async -> Void) async -> Bool {
        await value(within: limit) { await operation(); return true } ?? false
    }
}

/// Resumes a continuation once, with whichever result comes first.
private final class FirstResult<T: Sendable>: Sendable {
    private let continuation = Mutex<CheckedContinuation<T, Never>?>(nil)

    func install(_ continuation: CheckedContinuation<T, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    func resume(with value: T) {
        let waiting = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: value)
    }
}
