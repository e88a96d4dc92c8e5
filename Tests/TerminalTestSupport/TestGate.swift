import Synchronization

/// A door that tasks wait at until the test opens it; once open, it stays open.
public final class TestGate: Sendable {
    private let state = Mutex<(open: Bool, continuations: [CheckedContinuation<Void, Never>])>((false, []))

    public init() {}

    public func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.continuations = [] }
            return state.continuations
        }
        for continuation in waiting { continuation.resume() }
    }

    public func pass() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.open { return true }
                state.continuations.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
