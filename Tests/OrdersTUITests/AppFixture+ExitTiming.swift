import Foundation
import TerminalTestSupport
import Testing

/// Starting the app under a shell that reports how and *when* it ended, and
/// what it left behind: for the tests of fatal signals, which promise an exit
/// within two seconds with the terminal given back.
extension AppFixture {
    /// How the app ended, as its parent shell saw it.
    struct ExitReport {
        /// `$?`: 128+N when a signal ended it.
        var status: Int32
        /// Wall-clock time (seconds since 1970) when the shell saw the app end.
        var endedAt: Double
        /// The whole pane, scrollback included, once the shell has printed `stty -a`.
        var lines: [String]

        /// The tty settings the shell found afterwards.
        var terminal: TerminalState {
            TerminalState(sttyLines: Array(lines.drop { !$0.hasPrefix("[exit ") }))
        }
    }

    /// Starts the app (with `environment` added) inside bash, which prints
    /// `[exit STATUS at SECONDS]` and `stty -a` when it ends, then waits until
    /// all twelve orders are listed.
    func startReportingExitTime(environment: [String: String] = [:], width: Int = 100, height: Int = 30,
                                program: Program = .orders) throws {
        let variables = ["TERM": "tmux-256color", "XDG_CONFIG_HOME": configHome, "HOME": binary.home.path,
                         "ORDERS_ACTOR": "tester", "LANG": "C.UTF-8"].merging(environment) { $1 }
        let command = (["env"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + [try path(of: program), "--db", database]).map(TmuxPane.quote).joined(separator: " ")
        // $EPOCHREALTIME is read by bash itself: no process to start after the app ends.
        let script = command + "; status=$?; ended=$EPOCHREALTIME; printf '\\n[exit %s at %s]\\n' \"$status\" \"$ended\"; stty -a; exec sleep 3600"
        try pane.start("exec bash --norc --noprofile -c " + TmuxPane.quote(script), width: width, height: height,
                       environment: variables)
        try pane.waitFor(text: "12/12 orders", timeout: 30)
    }

    /// Which program `startReportingExitTime` runs.
    enum Program {
        /// The real `orders`.
        case orders
        /// `orders` with the fault hook (`OrdersFaulty`): F12 raises the fault named by `ORDERS_TEST_FAULT`.
        case withFaultHook
    }

    /// The program's path. The one with the fault hook is started through a link named `orders`, so
    /// that it names itself `orders` in its report lines, as the real one does.
    private func path(of program: Program) throws -> String {
        switch program {
        case .orders:
            return OrdersBinary.url.path
        case .withFaultHook:
            let folder = binary.path("with-fault-hook")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let link = folder + "/orders"
            if !FileManager.default.fileExists(atPath: link) {
                try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: OrdersBinary.withFaultHookURL.path)
            }
            return link
        }
    }

    /// The pid of the running app (the only child of the pane's bash).
    func appProcessID() throws -> pid_t {
        try #require(try pane.childProcessIDs().first)
    }

    /// Waits for the app to end and for the shell to print the tty settings.
    func waitForExitReport(timeout: Double = 20) throws -> ExitReport {
        // Read with the history: on a loaded machine Swift's backtracer (a process of its own) may
        // still be writing its report when the app's watchdog has ended the app, pushing the
        // shell's lines up past the visible screen.
        try pane.waitFor("the exit report", timeout: timeout) { _ in
            let lines = try pane.screen(includingHistory: true)
            return lines.contains { $0.hasPrefix("[exit ") } && lines.contains { $0.contains("icanon") }
        }
        let lines = try pane.screen(includingHistory: true)
        let line = try #require(lines.first { $0.hasPrefix("[exit ") })
        let words = line.dropFirst("[exit ".count).dropLast().split(separator: " ")
        let status = try #require(Int32(words[0]))
        let endedAt = try #require(Double(words[2].replacingOccurrences(of: ",", with: ".")))
        return ExitReport(status: status, endedAt: endedAt, lines: lines)
    }
}

extension TmuxPane {
    /// The terminal is as a shell needs it: cooked mode with echo and signals,
    /// normal screen, no mouse reporting, cursor visible, normal cursor keys.
    func expectSaneAfterExit(_ report: AppFixture.ExitReport, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let settings = report.terminal.settings
        for flag in ["icanon", "echo", "isig", "icrnl", "opost", "onlcr", "ixon", "echoe"] {
            #expect(settings.contains(flag), "\(flag) is off after exit", sourceLocation: sourceLocation)
        }
        #expect(try format("#{alternate_on}") == "0", "still on the alternate screen", sourceLocation: sourceLocation)
        #expect(try format("#{mouse_any_flag}") == "0", "mouse reporting left on", sourceLocation: sourceLocation)
        #expect(try format("#{cursor_flag}") == "1", "cursor left hidden", sourceLocation: sourceLocation)
        #expect(try format("#{keypad_cursor_flag}") == "0", "application cursor keys left on", sourceLocation: sourceLocation)
    }
}
