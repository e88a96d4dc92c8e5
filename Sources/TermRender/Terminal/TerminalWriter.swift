import Glibc

/// Writes bytes to a terminal file descriptor completely, retrying after
/// interruptions, and giving up (rather than hanging) when the terminal is gone.
enum TerminalWriter {
    static func writeAll(_ descriptor: Int32, _ bytes: inout [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            var attempts = 0
            while remaining > 0, attempts < 1000 {
                let written = Glibc.write(descriptor, pointer, remaining)
                if written > 0 {
                    pointer += written
                    remaining -= written
                } else if written < 0, errno == EINTR || errno == EAGAIN {
                    attempts += 1
                } else {
                    return  // EIO after a hangup: nobody is left to read it.
                }
            }
        }
    }
}
