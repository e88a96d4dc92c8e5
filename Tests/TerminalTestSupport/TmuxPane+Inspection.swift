import Foundation
import Testing

extension TmuxPane {
    /// The visible screen with SGR escapes kept, to see styles such as reverse video.
    public func styledScreen() throws -> [String] {
        try TmuxPane.run(["tmux", "-L", socket, "capture-pane", "-e", "-p", "-t", "0"]).output
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The text of the first row drawn in reverse video (a selection), if any.
    public func reverseVideoRow() throws -> String? {
        guard let line = try styledScreen().first(where: { $0.contains("\u{1B}[7m") }) else { return nil }
        return TmuxPane.strippingEscapes(line)
    }

    /// `line` without its CSI/SGR escape sequences.
    public static func strippingEscapes(_ line: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A shell command that runs `command`, then prints its exit status as
    /// `[exit N]` and `stty -a` of the same terminal, and stays open: what a user
    /// would find in their shell after the program ended.
    public static func reportingExit(_ command: String) -> String {
        command + "; status=$?; printf '\\n[exit %s]\\n' \"$status\"; stty -a; exec sleep 3600"
    }

    /// Waits for the `[exit N]` line of a `reportingExit` command and returns N.
    public func waitForExit(timeout: Double = 15) throws -> Int32 {
        let lines = try waitFor("the program to exit", timeout: timeout) { $0.contains { $0.hasPrefix("[exit ") } }
        guard let line = lines.first(where: { $0.hasPrefix("[exit ") }), let status = Int32(line.dropFirst(6).dropLast()) else {
            throw TmuxError.timedOut("an exit status")
        }
        return status
    }

    /// Quotes a word for /bin/sh.
    public static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// What `stty -a` printed, reduced to the settings a broken program leaves wrong.
public struct TerminalState {
    public let settings: Set<String>

    /// Parses the flag words (`icanon`, `-echo`, …) out of screen lines showing `stty -a`.
    public init(sttyLines: [String]) {
        settings = Set(sttyLines.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == ";" }).map(String.init) })
    }

    /// Cooked mode with echo and signals: what a shell needs.
    public var isSane: Bool {
        ["icanon", "echo", "isig", "icrnl", "opost"].allSatisfy { settings.contains($0) }
    }
}
