/// A failure the CLI reports on stderr in one line, with its exit status.
enum CLIError: Error, Equatable {
    /// The command line itself is wrong (exit status 2).
    case usage(String)
    /// The command could not do what was asked (exit status 1).
    case failed(String)

    var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .failed: 1
        }
    }

    var message: String {
        switch self {
        case .usage(let message), .failed(let message): message
        }
    }
}
