import Foundation

/// Runs helper programs (tmux, PostgreSQL's tools, sqlite3, chattr, the real `orders`
/// binary) for the tests. The one way tests start processes.
///
/// posix_spawn and waitpid rather than Foundation's Process. Process learns that a
/// child ended from a socket the child inherits, which closes only when every
/// holder of it has exited: a tmux or PostgreSQL server started meanwhile by another
/// test kept such sockets (and Pipe ends, which Foundation also creates inheritable)
/// open, so the exit was never seen and `waitUntilExit`, `readDataToEndOfFile` or a
/// termination handler waited for ever. Here a child gets only its standard input,
/// output and error (every other descriptor is closed in it), output goes through
/// files, not pipes, and waiting is `waitpid` on that one pid.
public enum ChildProcess {
    private static let counter = SequenceCounter()

    /// Where a child's standard output and error go.
    public enum Output: Sendable {
        /// Discarded.
        case discard
        /// Into one file, read back as `output`.
        case combined
        /// Into two files, read back as `output` and `errorOutput`.
        case separate
    }

    /// What a child that ran to its end did.
    public struct Result: Sendable {
        public var exit: ChildExit
        public var output: String
        public var errorOutput: String
    }

    /// Runs a command (looked up on PATH) and returns its status and combined output.
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let finished = try result(of: arguments, output: .combined)
        return (finished.exit.shellStatus, finished.output)
    }

    /// Runs a command (looked up on PATH unless it holds a slash) to its end, with
    /// standard input from /dev/null.
    public static func result(of arguments: [String], environment: [String: String]? = nil,
                              output: Output = .separate) throws -> Result {
        let child = try start(arguments, environment: environment, output: output)
        let exit = child.waitUntilExit()
        return Result(exit: exit, output: child.output, errorOutput: child.errorOutput)
    }

    /// Starts a command and returns at once. `environment` replaces the test
    /// process's own when given; with `keepingInputOpen` the child's standard input
    /// is a pipe fed by `RunningChild.write` (else /dev/null).
    public static func start(_ arguments: [String], environment: [String: String]? = nil,
                             output: Output = .discard, keepingInputOpen: Bool = false) throws -> RunningChild {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("child-process-\(getpid())-\(counter.next())").path
        let outputPath: String? = output == .discard ? nil : base + ".out"
        let errorPath: String? = output == .separate ? base + ".err" : nil
        var inputEnds: [Int32] = [-1, -1]
        if keepingInputOpen {
            guard createPipe(&inputEnds, O_CLOEXEC) == 0 else { throw ChildProcessError.couldNotStart(arguments, errno) }
        }
        defer { if inputEnds[0] >= 0 { close(inputEnds[0]) } }
        let pid: pid_t
        do {
            pid = try spawn(arguments, environment: environment, input: inputEnds[0],
                            output: outputPath ?? "/dev/null", errors: errorPath, ownProcessGroup: false)
        } catch {
            if inputEnds[1] >= 0 { close(inputEnds[1]) }
            throw error
        }
        return RunningChild(pid: pid, input: inputEnds[1], outputPath: outputPath, errorPath: errorPath)
    }

    /// Starts a command that outlives this call, in its own process group (so a
    /// Ctrl-C aimed at the test runner does not reach it), with no output.
    public static func startDetached(_ arguments: [String]) throws {
        _ = try spawn(arguments, environment: nil, input: -1, output: "/dev/null", errors: nil, ownProcessGroup: true)
    }

    /// `input` -1 means /dev/null; `errors` nil means into `output`.
    private static func spawn(_ arguments: [String], environment: [String: String]?, input: Int32,
                              output: String, errors: String?, ownProcessGroup: Bool) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input >= 0 {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let errors {
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        // Nothing else of the test process's reaches the child (a server it starts
        // would hold it open for as long as it runs).
        addCloseFrom(&actions, 3)
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
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { variables in
            variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var pid: pid_t = 0
        let spawned = envp.map { list in
            var list = list
            return posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &list)
        } ?? posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else { throw ChildProcessError.couldNotStart(arguments, spawned) }
        return pid
    }
}

// glibc's GNU extensions, which the Glibc module does not import (they need _GNU_SOURCE):
// both take and return plain C integers and pointers, so they can be declared here.
/// `pipe2`: a pipe whose ends are created close-on-exec, so no other child inherits them.
@_silgen_name("pipe2")
private func createPipe(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+): close every descriptor from `first` on.
@discardableResult
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ first: Int32) -> Int32

public enum ChildProcessError: Error, CustomStringConvertible {
    case couldNotStart([String], Int32)

    public var description: String {
        switch self {
        case let .couldNotStart(arguments, code): "could not start \(arguments.joined(separator: " ")): error \(code)"
        }
    }
}
