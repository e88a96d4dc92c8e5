import Glibc

/// The conventional names of the signals a terminal program reports, for messages.
enum SignalName {
    /// `SIGSEGV` for 11, and so on; `signal N` for one without a name here.
    static func of(_ signal: Int32) -> String {
        switch signal {
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGQUIT: "SIGQUIT"
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGSEGV: "SIGSEGV"
        case SIGTERM: "SIGTERM"
        case SIGSYS: "SIGSYS"
        default: "signal \(signal)"
        }
    }

    /// The program's name as it was started, without its folder: the start of every report line.
    static var programName: String {
        let path = CommandLine.arguments.first ?? ""
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "program" : name
    }
}
