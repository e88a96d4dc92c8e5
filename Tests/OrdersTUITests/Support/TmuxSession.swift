import Foundation
import Testing

/// The real terminal for end-to-end tests: a private tmux server (its own socket,
/// no user config) running one command in a pane of a fixed size. Tests type with
/// `send-keys` and read the screen with `capture-pane`, as a person would.
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let socketName: String
    let target = "e2e"

    /// Starts `command` (already shell-quoted words) in a detached session.
    init(width: Int, height: Int, command: [String], environment: [String: String] = [:],
         term: String = "tmux-256color") throws {
        guard TmuxSession.isAvailable else {
            throw Failure(description: "tmux is not installed; end-to-end tests need it (apt-get install tmux)")
        }
        socketName = "orders-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        var env = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"]
        env.merge(environment) { $1 }
        let exports = env.sorted { $0.key < $1.key }.map { "export \($0.key)=\(TmuxSession.quote($0.value));" }.joined(separator: " ")
        let script = exports + " exec " + command.joined(separator: " ")
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)",
                  "sh", "-c", script])
        try tmux(["set-option", "-t", target, "-g", "default-terminal", term])
        try tmux(["set-option", "-t", target, "status", "off"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
    }

    /// Wraps a command so that, after it exits, the pane shows its exit status and
    /// `stty -a` of the same tty: what a user would find in their shell.
    static func reportingExit(_ words: [String]) -> [String] {
        let inner = words.joined(separator: " ") + "; status=$?; printf '\\n[exit %s]\\n' \"$status\"; stty -a; exec sleep 3600"
        return ["sh", "-c", quote(inner)]
    }

    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Sends tmux key names ("j", "Enter", "C-c", "Escape", "PageDown").
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types text literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// The visible screen, one string per row, trailing spaces removed.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", target]).components(separatedBy: "\n")
            .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// The visible screen with SGR escapes kept, to see styles such as the reverse-video selection.
    func styledScreen() throws -> [String] {
        try tmux(["capture-pane", "-e", "-p", "-t", target]).components(separatedBy: "\n")
    }

    /// The text of the row drawn in reverse video (the selection), if any.
    func selectedRow() throws -> String? {
        guard let line = try styledScreen().first(where: { $0.contains("\u{1B}[7m") }) else { return nil }
        return TmuxSession.strippingEscapes(line)
    }

    static func strippingEscapes(_ line: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape {
                if scalar.value >= 0x40 && scalar.value <= 0x7E && scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    func screenText() throws -> String {
        try screen().joined(separator: "\n")
    }

    /// A tmux format value for the pane, e.g. "#{alternate_on}", "#{pane_pid}", "#{pane_tty}".
    func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the screen until `condition` holds; throws with the last screen if it never does.
    @discardableResult
    func waitUntil(timeout: TimeInterval = 15, _ what: String, _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            usleep(50_000)
        }
        throw Failure(description: "timed out waiting for \(what); screen was:\n" + last.joined(separator: "\n"))
    }

    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 15) throws -> [String] {
        try waitUntil(timeout: timeout, "\"\(text)\"") { $0.contains { $0.contains(text) } }
    }

    /// Waits for the `reportingExit` wrapper's status line and returns the status.
    func waitForExit(timeout: TimeInterval = 15) throws -> Int32 {
        let lines = try waitUntil(timeout: timeout, "the program to exit") { $0.contains { $0.hasPrefix("[exit ") } }
        guard let line = lines.first(where: { $0.hasPrefix("[exit ") }),
              let status = Int32(line.dropFirst(6).dropLast()) else {
            throw Failure(description: "no exit status on screen")
        }
        return status
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        // Output goes through files, not pipes: the tmux server that `new-session`
        // starts inherits its descriptors and would hold a pipe open forever.
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).out")
        let errorURL = outputURL.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-u", "-L", socketName] + arguments
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed: \(errors)")
        }
        return output
    }
}
