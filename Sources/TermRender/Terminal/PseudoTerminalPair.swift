import CNcurses
import Glibc

/// A pseudo-terminal of a given size, opened by the program itself: a backend
/// draws on the `slave` side and whoever holds `master` reads exactly what
/// reached the "screen". For tests and benchmarks of real terminal output.
public struct PseudoTerminalPair: Sendable {
    public let master: Int32
    public let slave: Int32

    /// Opens a pair whose terminal is `columns` × `rows`, or nil if the system has none to give.
    public static func open(columns: Int, rows: Int) -> PseudoTerminalPair? {
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            if master >= 0 { Glibc.close(master) }
            return nil
        }
        let slave = Glibc.open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            Glibc.close(master)
            return nil
        }
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        return PseudoTerminalPair(master: master, slave: slave)
    }

    /// Closes both sides.
    public func close() {
        Glibc.close(slave)
        Glibc.close(master)
    }
}
