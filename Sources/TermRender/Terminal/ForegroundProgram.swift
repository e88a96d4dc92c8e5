import Glibc

/// Another program run on the terminal while the caller waits (the operator's editor), as a
/// shell runs a job: in a process group of its own that owns the terminal, so Ctrl-C, Ctrl-Z
/// and a window resize reach it, not the waiting program, whose signal handlers would otherwise
/// end or stop it. It starts with the default signal dispositions and an empty signal mask (the
/// caller's watchers ignore and handle several), and the terminal is taken back when it exits.
public enum ForegroundProgram {
    /// Why a program could not be run.
    public struct LaunchError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The signals a watcher of the caller may ignore or catch: the child gets their defaults.
    private static let defaultedSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH, SIGTTIN, SIGTTOU,
                                           SIGPIPE, SIGXFSZ, SIGCHLD]

    /// Runs `arguments` (the first looked up on `PATH`) with `environment` and waits for it to
    /// exit. With a `terminal` descriptor this process owns as the foreground, the program gets the
    /// terminal for its run; without one (no job control) it just runs. Returns its exit status
    /// (128 + the signal that ended it).
    public static func run(_ arguments: [String], environment: [String: String],
                           terminal: Int32?) -> Result<Int32, LaunchError> {
        guard let program = arguments.first else { return .failure(LaunchError(description: "no program given")) }
        let jobControl = terminal.map { isatty($0) == 1 && tcgetpgrp($0) == getpgrp() } ?? false
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var defaulted = sigset_t()
        sigemptyset(&defaulted)
        for signal in defaultedSignals { sigaddset(&defaulted, signal) }
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaulted)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if jobControl {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, nil, &attributes, argv, envp)
        guard spawned == 0 else {
            return .failure(LaunchError(description: "could not run \(program): \(String(cString: strerror(spawned)))"))
        }
        if let terminal, jobControl { giveTerminal(terminal, to: pid) }
        var status: Int32 = 0
        while true {
            let waited = waitpid(pid, &status, WUNTRACED)
            if waited < 0 {
                if errno == EINTR { continue }
                break
            }
            // Stopped: by Ctrl-Z (this waiting program cannot be stopped meanwhile, so the job goes on),
            // or by reading the terminal before it was given the terminal. Either way it continues in front.
            if status & 0xff == 0x7f {
                if let terminal, jobControl { giveTerminal(terminal, to: pid) }
                kill(jobControl ? -pid : pid, SIGCONT)
                continue
            }
            break
        }
        if let terminal, jobControl { giveTerminal(terminal, to: getpgrp()) }
        let exitCode = (status >> 8) & 0xff, signal = status & 0x7f
        return .success(signal == 0 ? exitCode : 128 + signal)
    }

    /// Makes `group` the terminal's foreground process group. Done from the background too (taking
    /// the terminal back), where the kernel would stop this process with SIGTTOU unless it is ignored.
    private static func giveTerminal(_ terminal: Int32, to group: pid_t) {
        let previous = signal(SIGTTOU, SIG_IGN)
        tcsetpgrp(terminal, group)
        signal(SIGTTOU, previous)
    }
}
