/// How a child process ended.
public enum ChildExit: Equatable, Sendable, CustomStringConvertible {
    /// It called exit with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    /// Decodes a `waitpid` status (WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import).
    init(waitStatus status: Int32) {
        self = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }

    /// The status a shell would report: the exit status, or 128 + the signal.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signalled(let signal): 128 + signal
        }
    }

    public var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signalled(let signal): "ended by signal \(signal)"
        }
    }
}
