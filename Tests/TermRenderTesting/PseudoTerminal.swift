import Glibc
import TermRender

/// A pseudo-terminal opened by the test itself: the backend draws on the
/// slave side, the test reads exactly what reached the "screen" from the master.
public final class PseudoTerminal {
    public let master: Int32
    public let slave: Int32

    public init?(columns: Int, rows: Int) {
        guard let pair = PseudoTerminalPair.open(columns: columns, rows: rows) else { return nil }
        _ = fcntl(pair.master, F_SETFL, fcntl(pair.master, F_GETFL) | O_NONBLOCK)
        master = pair.master
        slave = pair.slave
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Reads from the master until `count` bytes arrived (the kernel hands pty
    /// output over asynchronously), or until nothing more comes for a while.
    public func read(count: Int) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while result.count < count {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 2000) > 0 else { break }
            let got = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if got > 0 { result.append(contentsOf: buffer[..<got]) } else if got == 0 || errno != EAGAIN { break }
        }
        return result
    }

    /// Whatever arrives within `milliseconds`: used to show that nothing was sent.
    public func readPending(milliseconds: Int32 = 200) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, milliseconds) > 0 {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            result.append(contentsOf: buffer[..<got])
        }
        return result
    }
}
