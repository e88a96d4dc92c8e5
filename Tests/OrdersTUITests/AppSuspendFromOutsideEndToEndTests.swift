import Foundation
import TerminalTestSupport
import Testing

/// Stopping and continuing the app from another process: SIGTSTP then `fg`,
/// SIGSTOP then SIGCONT with and without `fg`, and the window resized while the
/// app is stopped. After each, the whole screen is what a freshly started app
/// draws at the terminal's current size, and keys work.
@Suite("orders app: stopped and continued from outside")
struct AppSuspendFromOutsideEndToEndTests {
    /// The app's command line for an interactive shell in the fixture's pane.
    static func command(_ app: AppFixture) -> String {
        ["env", "TERM=tmux-256color", "XDG_CONFIG_HOME=\(app.configHome)", "ORDERS_ACTOR=tester", OrdersBinary.url.path,
         "--db", app.database].map(TmuxPane.quote).joined(separator: " ")
    }

    /// Starts the app from an interactive bash (job control: `fg`, "Stopped").
    static func startUnderJobControl(_ app: AppFixture, width: Int, height: Int) throws -> pid_t {
        try app.pane.start("env PS1='$ ' bash --norc --noprofile -i", width: width, height: height,
                           environment: ["TERM": "tmux-256color", "LANG": "C.UTF-8", "HOME": app.binary.home.path])
        try app.pane.waitFor(text: "$")
        try app.pane.send(command(app), literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "12/12 orders", timeout: 30)
        let pid = try #require(try app.pane.childProcessIDs().first)
        _ = try waitUntilIdle(app.pane, pid)
        return pid
    }

    /// Waits until the app has drawn its whole screen (the footer is the last row written) and
    /// sleeps waiting for input. A SIGSTOP cannot be caught, so one that lands mid-frame leaves
    /// the terminal as that frame left it (a scroll region set for a row shift, say), and the
    /// shell's "Stopped" line is then written inside it — not what these tests are about.
    /// Returns that screen.
    static func waitUntilIdle(_ pane: TmuxPane, _ pid: pid_t) throws -> [String] {
        try pane.waitFor("the whole first screen", timeout: 30) { rows in
            rows.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("? help") == true
        }
        var previous: [String] = []
        return try pane.waitFor("the app idle on an unchanging screen", timeout: 30) { rows in
            defer { previous = rows }
            return rows == previous && processState(pid) == "S"
        }
    }

    /// The screen a freshly started app draws at `width`×`height` on the same database.
    static func freshScreen(_ app: AppFixture, width: Int, height: Int) throws -> [String] {
        let pane = TmuxPane()
        try pane.start(TmuxPane.reportingExit(command(app)), width: width, height: height,
                       environment: ["TERM": "tmux-256color", "LANG": "C.UTF-8", "HOME": app.binary.home.path])
        try pane.waitFor(text: "12/12 orders", timeout: 30)
        // Idle, not merely drawn: the saved views' counts arrive after the first frame ("To fulfil …").
        let screen = try waitUntilIdle(pane, try #require(try pane.childProcessIDs().first))
        try pane.send("q")
        _ = try pane.waitForExit()
        return screen
    }

    /// The one-letter state in /proc (R, S, T for stopped…), nil once the process is gone.
    static func processState(_ pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].first
    }

    static func waitForState(_ pid: pid_t, _ wanted: Character, timeout: Double = 10) throws {
        try waitUntil("process \(pid)'s state", equals: String(wanted), within: .seconds(timeout), polling: .milliseconds(20)) {
            processState(pid).map(String.init) ?? "gone"
        }
    }

    @Test("SIGTSTP from another process, the window resized while stopped, then fg: the whole screen at the new size")
    func stopFromOutsideResizeAndForeground() throws {
        let app = try AppFixture()
        defer { app.stop() }
        let pid = try Self.startUnderJobControl(app, width: 100, height: 30)
        #expect(kill(pid, SIGTSTP) == 0)
        try app.pane.waitFor(text: "Stopped")
        // The app gave the terminal back before stopping, as with Ctrl-Z.
        #expect(try app.pane.format("#{alternate_on}") == "0")
        #expect(try app.pane.format("#{mouse_any_flag}") == "0")
        try app.pane.resize(width: 120, height: 36)
        try app.pane.send("fg", literal: true)
        try app.pane.send("Enter")
        let expected = try Self.freshScreen(app, width: 120, height: 36)
        try app.pane.waitFor("the whole screen at 120x36", timeout: 15) { $0 == expected }
        #expect(try app.pane.format("#{alternate_on}") == "1")
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(11))
        try app.pane.send("q")
        try app.pane.waitFor("back at the shell") { screen in !screen.contains { $0.contains("12/12 orders") } }
        try app.pane.send("echo STATUS=$?", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "STATUS=0")
    }

    @Test("SIGSTOP then SIGCONT without fg (no job control): the app runs on, redrawn at the size set meanwhile")
    func stopAndContinueInForeground() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.start(width: 100, height: 30)
        let pid = try #require(try app.pane.childProcessIDs().first)
        #expect(kill(pid, SIGSTOP) == 0)
        try Self.waitForState(pid, "T")
        try app.pane.resize(width: 110, height: 32)
        #expect(kill(pid, SIGCONT) == 0)
        let expected = try Self.freshScreen(app, width: 110, height: 32)
        try app.pane.waitFor("the whole screen at 110x32", timeout: 15) { $0 == expected }
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(11))
        try app.pane.send("q")
        #expect(try app.pane.waitForExit() == 0)
    }

    @Test("SIGSTOP then SIGCONT without fg under job control: the app waits in the background, fg brings it back whole")
    func continueInBackgroundThenForeground() throws {
        let app = try AppFixture()
        defer { app.stop() }
        let pid = try Self.startUnderJobControl(app, width: 100, height: 30)
        #expect(kill(pid, SIGSTOP) == 0)
        try app.pane.waitFor(text: "Stopped")
        #expect(kill(pid, SIGCONT) == 0)
        // Still running (not ended with 129), and the shell is usable meanwhile.
        try app.pane.send("echo alive-$((40+2))", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "alive-42")
        #expect(Self.processState(pid) != nil)
        #expect(!(try app.pane.screen().contains { $0.contains("Exit") || $0.contains("Done") }))
        // Running again, it gave the screen back to the shell (SIGSTOP itself cannot be caught).
        try app.pane.waitFor("the normal screen") { _ in try app.pane.format("#{alternate_on}") == "0" }
        #expect(try app.pane.format("#{mouse_any_flag}") == "0")
        try app.pane.send("fg", literal: true)
        try app.pane.send("Enter")
        let expected = try Self.freshScreen(app, width: 100, height: 30)
        try app.pane.waitFor("the whole screen again", timeout: 15) { $0 == expected }
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(11))
        try app.pane.send("q")
        try app.pane.waitFor("back at the shell") { screen in !screen.contains { $0.contains("12/12 orders") } }
        try app.pane.send("echo STATUS=$?", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "STATUS=0")
    }
}

extension AppSuspendFromOutsideEndToEndTests {
    @Test("Ctrl-Z then bg: the app runs on in the background without touching the terminal; fg brings it back whole")
    func backgroundAfterControlZ() throws {
        let app = try AppFixture()
        defer { app.stop() }
        let pid = try Self.startUnderJobControl(app, width: 100, height: 30)
        try app.pane.send("C-z")
        try app.pane.waitFor(text: "Stopped")
        try app.pane.send("clear; bg", literal: true)
        try app.pane.send("Enter")
        try Self.waitForState(pid, "S")
        // Running, yet the shell keeps the terminal: no frame lands on it.
        try app.pane.send("echo alive-$((40+2))", literal: true)
        try app.pane.send("Enter")
        let shell = try app.pane.waitFor(text: "alive-42")
        #expect(!shell.contains { $0.contains("orders") && $0.contains("12/12") })
        #expect(try app.pane.format("#{alternate_on}") == "0")
        #expect(Self.processState(pid) == "S")
        try app.pane.send("fg", literal: true)
        try app.pane.send("Enter")
        let expected = try Self.freshScreen(app, width: 100, height: 30)
        try app.pane.waitFor("the whole screen again", timeout: 15) { $0 == expected }
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(11))
        try app.pane.send("q")
        try app.pane.waitFor("back at the shell") { screen in !screen.contains { $0.contains("12/12 orders") } }
        try app.pane.send("echo STATUS=$?", literal: true)
        try app.pane.send("Enter")
        try app.pane.waitFor(text: "STATUS=0")
    }
}
