import Foundation

/// Numbers for unique names (tmux sockets, output files) within one test process.
final class SequenceCounter: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
