import Foundation
import Testing

/// One pane on a private tmux server, for driving real programs in a real terminal.
/// Shared by the end-to-end tests of TermRender (the demo) and of orders.
///
/// Every instance uses its own server socket (`tmux -L`), started with no
/// configuration file, so tests neither see nor disturb anyone's tmux.
public final class TmuxPane {
    public let socket: String
    private var running = false

    /// True when tmux can be run on this machine.
    public static let isAvailable: Bool = (try? TmuxPane.run(["tmux", "-V"]).status) == 0

    /// End-to-end tests must not skip silently on CI.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    private static let counter = SequenceCounter()

    public init() {
        socket = "termrender-e2e-\(getpid())-\(TmuxPane.counter.next())"
    }

    deinit {
        guard running else { return }
        _ = try? TmuxPane.run(["tmux", "-L", socket, "kill-server"])
        unlink(TmuxPane.socketPath(socket))
    }

    /// Where tmux puts a `-L` socket (tmux leaves the file behind).
    static func socketPath(_ name: String) -> String {
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        return "\(directory)/tmux-\(getuid())/\(name)"
    }

    /// Starts `command` (run by /bin/sh) in a detached session of the given size.
    public func start(_ command: String, width: Int = 100, height: Int = 24, environment: [String: String] = [:]) throws {
        var arguments = ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(name)=\(value)"] }
        arguments.append(command)
        let result = try TmuxPane.run(arguments)
        guard result.status == 0 else { throw TmuxError.failed(arguments, result.output) }
        running = true
    }

    /// Sends tmux key names (`Enter`, `C-z`, `Up`) or, with `literal`, text as typed.
    public func send(_ keys: String..., literal: Bool = false) throws {
        // "--": literal text may start with "-" (a negated search term), which tmux would read as a flag.
        try tmux(["send-keys", "-t", "0"] + (literal ? ["-l", "--"] : []) + keys)
    }

    /// Sends raw bytes to the program, as a terminal would (mouse reports, focus events).
    public func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "0", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Pastes `text` the way a terminal does: bracketed when the program asked for it.
    public func paste(_ text: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-paste")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try tmux(["load-buffer", file.path])
        try tmux(["paste-buffer", "-p", "-t", "0"])
    }

    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen (and with `includingHistory`, the scrollback above
    /// it), one string per row, trailing spaces removed.
    public func screen(includingHistory: Bool = false) throws -> [String] {
        let output = try tmux(["capture-pane", "-p", "-t", "0"] + (includingHistory ? ["-S", "-"] : []))
        return output.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    /// A tmux format value for the pane, such as `#{alternate_on}`.
    public func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process ids of the pane's shell's children (the program under test).
    public func childProcessIDs() throws -> [pid_t] {
        let shell = try format("#{pane_pid}")
        let result = try TmuxPane.run(["ps", "-o", "pid=", "--ppid", shell])
        return result.output.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
    }

    /// Polls the screen until `condition` holds; fails the test with the last
    /// screen after `timeout` seconds. The timeout only bounds a hang: the test
    /// asserts what appears, not how fast.
    @discardableResult
    public func waitFor(_ description: String, timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation,
                 _ condition: ([String]) throws -> Bool) throws -> [String] {
        var lastScreen: [String] = []
        do {
            try waitUntil(description, within: .seconds(timeout), polling: .milliseconds(50), sourceLocation: sourceLocation) {
                lastScreen = try screen()
                return try condition(lastScreen)
            }
        } catch is WaitTimedOut {
            Issue.record("the screen while waiting for \(description):\n\(lastScreen.joined(separator: "\n"))",
                         sourceLocation: sourceLocation)
            throw TmuxError.timedOut(description)
        }
        return lastScreen
    }

    /// Waits until some row contains `text`.
    @discardableResult
    public func waitFor(text: String, timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try waitFor("\"\(text)\"", timeout: timeout, sourceLocation: sourceLocation) { rows in
            rows.contains { $0.contains(text) }
        }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let full = ["tmux", "-L", socket] + arguments
        let result = try TmuxPane.run(full)
        guard result.status == 0 else { throw TmuxError.failed(full, result.output) }
        return result.output
    }

    /// Runs a command and returns its status and combined output (see `ChildProcess`).
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ChildProcess.run(arguments)
    }
}

public enum TmuxError: Error {
    case failed([String], String)
    case timedOut(String)
}
