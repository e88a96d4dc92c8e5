import Foundation
import Synchronization

/// A child process started by `ChildProcess.start`: poll it, signal it, feed its
/// standard input, wait for it, then read what it wrote.
///
/// Waiting is `waitpid` on this child's pid alone, on the calling thread: no run
/// loop, callback or continuation that could fail to fire.
public final class RunningChild: Sendable {
    public let pid: pid_t
    private let ended = Mutex<ChildExit?>(nil)
    /// The write end of the child's standard input, if it was kept open (-1 once closed).
    private let input: Mutex<Int32>
    private let outputPath: String?
    private let errorPath: String?

    init(pid: pid_t, input: Int32, outputPath: String?, errorPath: String?) {
        self.pid = pid
        self.input = Mutex(input)
        self.outputPath = outputPath
        self.errorPath = errorPath
    }

    deinit {
        closeInput()
        if let outputPath { unlink(outputPath) }
        if let errorPath { unlink(errorPath) }
    }

    /// True until the child has ended (reaps it when it has).
    public var isRunning: Bool {
        ended.withLock { ended in
            guard ended == nil else { return false }
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { ended = ChildExit(waitStatus: status) }
            return ended == nil
        }
    }

    /// How the child ended, if it has (nil while it runs).
    public var exit: ChildExit? { isRunning ? nil : ended.withLock { $0 } }

    /// Blocks until the child ends and says how.
    @discardableResult
    public func waitUntilExit() -> ChildExit {
        if let ended = ended.withLock({ $0 }) { return ended }
        // Not under the lock, so `signal` still works meanwhile.
        var status: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(pid, &status, 0) } while reaped < 0 && errno == EINTR
        return ended.withLock { ended in
            // Reaped here, or (ECHILD) by a concurrent `isRunning`, which stored it.
            if ended == nil, reaped == pid { ended = ChildExit(waitStatus: status) }
            return ended ?? .exited(-1)
        }
    }

    /// Sends a signal (unless the child has already been reaped, when its pid may be another's).
    public func signal(_ signal: Int32) {
        ended.withLock { ended in
            if ended == nil { _ = kill(pid, signal) }
        }
    }

    /// Writes text to the child's standard input (started with `keepingInputOpen`).
    public func write(_ text: String) {
        input.withLock { descriptor in
            guard descriptor >= 0 else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 { if errno == EINTR { continue } else { return } }
                bytes = bytes.dropFirst(written)
            }
        }
    }

    /// Closes the child's standard input: it reads end of file.
    public func closeInput() {
        input.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }

    /// What the child has written to its standard output so far (all of it once it ended).
    public var output: String { Self.contents(of: outputPath) }

    /// What the child has written to its standard error so far.
    public var errorOutput: String { Self.contents(of: errorPath) }

    private static func contents(of path: String?) -> String {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}
