import Synchronization

/// How many orders a copy has written so far, counted from the `write` function the
/// destination hands out (which may be called from any task).
final class WrittenCount: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func add(_ orders: Int) {
        count.withLock { $0 += orders }
    }
}
