import Glibc

/// The tty settings of a full-screen session, applied by the backend itself
/// because ncurses writes into a capture file and so cannot reach the tty.
///
/// They mirror what ncurses' `newterm` + `raw()` + `noecho()` + `nonl()` set:
/// no line editing, no signals from keys, no echo, no CR/NL translation.
struct TerminalLineModes {
    /// The settings found when the backend started, restored when it leaves.
    let original: termios
    /// The settings while the program owns the screen.
    let program: termios

    /// Reads the current settings of `descriptor`; nil when it is not a terminal.
    init?(descriptor: Int32) {
        var current = termios()
        guard tcgetattr(descriptor, &current) == 0 else { return nil }
        original = current
        program = Self.programModes(from: current)
    }

    static func programModes(from shell: termios) -> termios {
        var modes = shell
        modes.c_lflag &= ~tcflag_t(ICANON | ISIG | IEXTEN | ECHO | ECHONL)
        modes.c_iflag &= ~tcflag_t(IXON | BRKINT | PARMRK | ICRNL | INLCR | IGNCR)
        // ncurses moves the cursor with explicit sequences; a newline must not grow a CR.
        modes.c_oflag &= ~tcflag_t(ONLCR)
        withUnsafeMutableBytes(of: &modes.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        return modes
    }

    func applyProgram(to descriptor: Int32) {
        var modes = program
        tcsetattr(descriptor, TCSADRAIN, &modes)
    }

    func restoreOriginal(to descriptor: Int32) {
        var modes = original
        tcsetattr(descriptor, TCSADRAIN, &modes)
    }
}
