import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run to its end, with its wall time and its peak resident memory (`ru_maxrss` of
/// `wait4`, which Foundation's `Process` does not report).
struct ChildProcess {
    var status: Int32
    var duration: Duration
    /// User and system CPU time together: on a shared machine the figure wall time hides.
    var cpuTime: Duration
    /// Bytes.
    var peakResident: Int
    /// What it wrote to stdout (its progress and summary: small).
    var output: String

    /// `standardInput`: a file the program reads as its stdin (`sqlite3`'s commands), else none.
    static func run(_ path: String, _ arguments: [String], standardInput: String? = nil) throws -> ChildProcess {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let standardInput { posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let duration = clock.now - start
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        // Linux reports ru_maxrss in kilobytes.
        func span(_ time: timeval) -> Duration { .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec)) }
        return ChildProcess(status: exit, duration: duration, cpuTime: span(usage.ru_utime) + span(usage.ru_stime),
                            peakResident: Int(usage.ru_maxrss) * 1024, output: text)
    }
}
