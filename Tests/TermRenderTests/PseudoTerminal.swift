import CNcurses
import Glibc

/// A pseudo-terminal opened by the test itself: the backend draws on the
/// slave side, the test reads exactly what reached the "screen" from the master.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    init?(columns: Int, rows: Int) {
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            if master >= 0 { close(master) }
            return nil
        }
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            return nil
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        self.master = master
        self.slave = slave
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Reads from the master until `count` bytes arrived (the kernel hands pty
    /// output over asynchronously), or until nothing more comes for a while.
    func read(count: Int) -> [UInt8] {
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
    func readPending(milliseconds: Int32 = 200) -> [UInt8] {
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
