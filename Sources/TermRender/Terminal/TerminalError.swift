/// Why the terminal could not be taken over.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (piped, redirected, or a cron job).
    case notATerminal
    /// The terminal type is unknown to terminfo, so ncurses cannot drive it.
    case unknownTerminal(String)

    public var description: String {
        switch self {
        case .notATerminal:
            return "standard input and output must be a terminal"
        case .unknownTerminal(let term):
            return "unknown terminal type \"\(term)\" (set TERM to e.g. xterm-256color)"
        }
    }
}
