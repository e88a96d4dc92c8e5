import Foundation

/// Runs helper programs (tmux, PostgreSQL's tools) for the end-to-end tests.
public enum ChildProcess {
    private static let counter = SequenceCounter()

    /// Runs a command (looked up on PATH) and returns its status and combined output.
    ///
    /// posix_spawn and waitpid rather than Foundation's Process, whose exit
    /// detection did not fire under the test runner here (the child stayed a
    /// zombie). Output goes through a file, not a pipe: a server the command
    /// starts (tmux's, PostgreSQL's) inherits the descriptors and would hold a
    /// pipe open.
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("child-process-\(getpid())-\(counter.next()).out").path
        defer { unlink(path) }
        let pid = try spawn(arguments, output: path, ownProcessGroup: false)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, output)
    }

    /// Starts a command that outlives this call, in its own process group (so a
    /// Ctrl-C aimed at the test runner does not reach it), with no output.
    public static func startDetached(_ arguments: [String]) throws {
        _ = try spawn(arguments, output: "/dev/null", ownProcessGroup: true)
    }

    private static func spawn(_ arguments: [String], output: String, ownProcessGroup: Bool) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // The test runner's threads block most signals and the child would
        // inherit that mask: a server that cannot receive the SIGTERM it is
        // stopped with never exits. Start children clean.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else { throw ChildProcessError.couldNotStart(arguments, spawned) }
        return pid
    }
}

public enum ChildProcessError: Error, CustomStringConvertible {
    case couldNotStart([String], Int32)

    public var description: String {
        switch self {
        case let .couldNotStart(arguments, code): "could not start \(arguments.joined(separator: " ")): error \(code)"
        }
    }
}
