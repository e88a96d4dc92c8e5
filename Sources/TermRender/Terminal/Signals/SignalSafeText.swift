import Glibc

/// Bytes prepared in advance for a signal handler: allocated once and never
/// freed, since a handler on another thread may read them at any moment, and
/// written with nothing but `write(2)`, which is async-signal-safe.
struct SignalSafeText {
    let bytes: UnsafeMutablePointer<UInt8>
    let count: Int

    init(_ text: String) {
        let utf8 = Array(text.utf8)
        bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(utf8.count, 1))
        bytes.initialize(from: utf8, count: utf8.count)
        count = utf8.count
    }

    /// Writes all of it, retrying after interruptions; gives up when the descriptor is gone.
    /// Async-signal-safe.
    func write(to descriptor: Int32) {
        var offset = 0
        while offset < count {
            let written = Glibc.write(descriptor, bytes + offset, count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
