/// Why the terminal could not be taken over.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (piped, redirected, or a cron job).
    case notATerminal
    /// The terminal type is unknown to terminfo, so ncurses cannot drive it.
    case unknownTerminal(String)
    /// The terminal type cannot position the cursor (`dumb`), so it cannot show a full screen.
    case cannotMoveCursor(String)

    public var description: String {
        switch self {
        case .notATerminal:
            return "standard input and output must be a terminal"
        case .unknownTerminal(let term):
            return "unknown terminal type \"\(term)\" (set TERM to e.g. xterm-256color)"
        case .cannotMoveCursor(let term):
            return "terminal type \"\(term)\" cannot move the cursor; a full-screen program needs one that can"
                + " (set TERM to e.g. xterm-256color)"
        }
    }
}
