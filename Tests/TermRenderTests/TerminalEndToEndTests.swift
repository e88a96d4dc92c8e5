import Foundation
import TerminalTestSupport
import Testing

/// The real `termrender-demo` binary in a real terminal (tmux): exit paths,
/// signals, suspend/resume, resize and bracketed paste.
///
/// Skipped only when tmux is missing and CI is not set; on CI a missing tmux fails.
@Suite("Terminal end to end (tmux)", .serialized, .enabled(if: TmuxPane.isAvailable || TmuxPane.isRequired))
struct TerminalEndToEndTests {
    static let title = "termrender-demo  size"

    /// The demo binary: `TERMRENDER_DEMO_BINARY`, or next to the test bundle.
    static func demoBinary() throws -> String {
        try #require(TmuxPane.isAvailable, "tmux is required for the end-to-end tests (CI=true)")
        return ProductBinary.path("termrender-demo")
    }

    /// Runs the demo under `sh`, which then reports its exit status and the tty
    /// settings it left behind, and keeps the pane open for inspection.
    /// `term` overrides `TERM` for the demo only (tmux sets its own for the pane).
    static func startWrapped(_ pane: TmuxPane, width: Int = 100, height: Int = 24, term: String? = nil,
                             environment: [String: String] = [:]) throws {
        let binary = try demoBinary()
        let prefix = term.map { "env TERM='\($0)' " } ?? ""
        try pane.start("\(prefix)'\(binary)'; echo STATUS=$?; stty -a; sleep 600", width: width, height: height,
                       environment: environment)
        try pane.waitFor(text: title)
    }

    /// The exit status the wrapper printed, once the demo has exited.
    static func exitStatus(_ pane: TmuxPane) throws -> Int32? {
        let rows = try pane.waitFor(text: "STATUS=")
        let line = rows.first { $0.hasPrefix("STATUS=") }
        return line.flatMap { Int32($0.dropFirst("STATUS=".count)) }
    }

    /// The tty is back in cooked mode with echo and signals, and the normal screen shows.
    static func expectSaneTerminal(_ pane: TmuxPane, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rows = try pane.waitFor(text: "icanon")
        let flags = Set(rows.joined(separator: " ").split(separator: " ").map(String.init))
        for flag in ["icanon", "echo", "isig", "icrnl"] {
            #expect(flags.contains(flag), "\(flag) is off after exit", sourceLocation: sourceLocation)
        }
        #expect(try pane.format("#{alternate_on}") == "0", "still on the alternate screen",
                sourceLocation: sourceLocation)
        #expect(try pane.format("#{mouse_any_flag}") == "0", "mouse reporting left on", sourceLocation: sourceLocation)
    }

    @Test("q quits with status 0 and restores the terminal")
    func quitWithQ() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane)
        #expect(try pane.format("#{alternate_on}") == "1")
        try pane.send("q")
        #expect(try Self.exitStatus(pane) == 0)
        try Self.expectSaneTerminal(pane)
    }

    @Test("termination signals exit with 128 + signal and restore the terminal",
          arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func terminationSignals(signal: Int32, expectedStatus: Int32) throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane)
        let demo = try #require(try pane.childProcessIDs().first)
        #expect(kill(demo, signal) == 0)
        #expect(try Self.exitStatus(pane) == expectedStatus)
        try Self.expectSaneTerminal(pane)
    }

    @Test("Ctrl-C in raw mode reaches the program, which quits with 130")
    func controlC() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane)
        try pane.send("C-c")
        #expect(try Self.exitStatus(pane) == 130)
        try Self.expectSaneTerminal(pane)
    }

    @Test("a crash restores the terminal and prints the report on the normal screen")
    func crashRestores() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane, height: 60, environment: ["TERMRENDER_DEMO_FAULT_KEYS": "1"])
        try pane.send("!")
        // fatalError traps: SIGILL on x86_64, SIGTRAP on arm64.
        let status = try Self.exitStatus(pane)
        #expect(status == 128 + SIGILL || status == 128 + SIGTRAP)
        try Self.expectSaneTerminal(pane)
        let rows = try pane.screen(includingHistory: true)
        #expect(rows.contains { $0.contains("crash requested") })
        #expect(!rows.contains { $0.contains("Press space to interact") })
    }

    @Test("a termination signal still restores the terminal when the main thread is stuck")
    func stuckMainThread() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane, environment: ["TERMRENDER_DEMO_FAULT_KEYS": "1"])
        try pane.send("&")
        try pane.waitFor(text: "  &")
        let demo = try #require(try pane.childProcessIDs().first)
        // The demo blocks its main actor (in sleep) 100 ms after drawing; wait for that.
        try pane.waitFor("a thread of the demo to sleep") { _ in Self.hasSleepingThread(demo) }
        #expect(kill(demo, SIGTERM) == 0)
        // After the grace period the signal's own queue restores and exits.
        #expect(try Self.exitStatus(pane) == 143)
        try pane.waitFor(text: "did not respond to signal 15; terminal restored")
        try Self.expectSaneTerminal(pane)
    }

    @Test("keys are decoded and shown")
    func keysAreDecoded() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane)
        try pane.send("Up", "C-Left", "F5", "M-x", "PageDown", "BTab")
        try pane.waitFor(text: "  shift-tab")
        let log = try pane.screen().filter { $0.hasPrefix("  ") }.map { $0.dropFirst(2) }
        #expect(log.suffix(6) == ["up", "ctrl-left", "F5", "alt-x", "pgdn", "shift-tab"])
        // Shift-Tab moved focus to the field; Escape (alone, after its timeout) leaves it.
        try pane.send("Escape")
        try pane.waitFor(text: "focus: log")
        try pane.send("q")
        #expect(try Self.exitStatus(pane) == 0)
    }

    @Test("Ctrl-Z suspends to the shell; fg resumes with keys still working")
    func suspendAndResume() throws {
        let binary = try Self.demoBinary()
        let pane = TmuxPane()
        try pane.start("env PS1='$ ' sh -i")
        try pane.waitFor(text: "$")
        try pane.send("'\(binary)'", literal: true)
        try pane.send("Enter")
        try pane.waitFor(text: Self.title)
        try pane.send("x")
        try pane.waitFor(text: "  x")
        try pane.send("C-z")
        try pane.waitFor(text: "Stopped")
        #expect(try pane.format("#{alternate_on}") == "0")
        try pane.send("stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo | tr '\\n' ' '; echo", literal: true)
        try pane.send("Enter")
        try pane.waitFor(text: "icanon echo")
        try pane.send("fg", literal: true)
        try pane.send("Enter")
        try pane.waitFor(text: Self.title)
        #expect(try pane.format("#{alternate_on}") == "1")
        // The screen was repainted in full, and input works again.
        try pane.waitFor(text: "  x")
        try pane.send("y")
        try pane.waitFor(text: "  y")
        try pane.send("q")
        try pane.waitFor("the shell prompt") { rows in rows.last(where: { !$0.isEmpty }) == "$" }
        try pane.send("echo STATUS=$?", literal: true)
        try pane.send("Enter")
        try pane.waitFor(text: "STATUS=0")
    }

    @Test("resizing the window re-lays out the screen at once")
    func resize() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane, width: 80, height: 20)
        try pane.waitFor(text: "size 80x20")
        try pane.resize(width: 110, height: 30)
        try pane.waitFor(text: "size 110x30")
        try pane.waitFor(text: "  resize 110x30")
        try pane.resize(width: 24, height: 6)
        let small = try pane.waitFor(text: "need 30×8")
        #expect(!small.contains { $0.contains(Self.title) })
        try pane.resize(width: 90, height: 22)
        try pane.waitFor(text: "size 90x22")
        try pane.send("q")
        #expect(try Self.exitStatus(pane) == 0)
    }

    @Test("a bracketed paste arrives as one event with its text intact")
    func bracketedPaste() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane)
        try pane.send("Tab")
        try pane.waitFor(text: "focus: field")
        try pane.paste("hello world\nsecond line é€ [x] ~!")
        try pane.waitFor(text: "Field: hello world second line é€ [x] ~!")
        let rows = try pane.screen()
        #expect(rows.filter { $0.hasPrefix("  paste") } == ["  paste 33 chars"])
        // Nothing in the paste was taken as a key.
        #expect(!rows.contains { $0 == "  q" || $0 == "  enter" })
        try pane.send("Escape")
        try pane.waitFor(text: "focus: log")
        try pane.send("q")
        #expect(try Self.exitStatus(pane) == 0)
    }

    @Test("mouse capture follows the terminal and can be toggled at runtime")
    func mouseCapture() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane)
        #expect(try pane.format("#{mouse_any_flag}") == "1")
        try pane.send("m")
        try pane.waitFor(text: "mouse: off")
        #expect(try pane.format("#{mouse_any_flag}") == "0")
        try pane.send("m")
        try pane.waitFor(text: "mouse: on")
        #expect(try pane.format("#{mouse_any_flag}") == "1")
        try pane.send("q")
        #expect(try Self.exitStatus(pane) == 0)
        try Self.expectSaneTerminal(pane)
    }

    @Test("idle costs nothing: no CPU time and no wake-ups while waiting for input")
    func idleIsFree() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane)
        // A lone Escape arms the one-shot escape timer; it must not keep running.
        try pane.send("Escape")
        try pane.waitFor(text: "  esc")
        let demo = try #require(try pane.childProcessIDs().first)
        #expect(try Self.processName(demo) == "termrender-demo")
        let before = try Self.activity(of: demo)
        sleep(2)
        let after = try Self.activity(of: demo)
        // A polling loop burns ticks and switches context many times a second.
        #expect(after.cpuTicks - before.cpuTicks <= 1, "CPU ticks while idle")
        #expect(Self.wakeUps(from: before.contextSwitches, to: after.contextSwitches) <= 3, "wake-ups while idle")
        try pane.send("q")
        #expect(try Self.exitStatus(pane) == 0)
    }

    @Test("a terminal that cannot address the cursor is refused cleanly")
    func dumbTerminal() throws {
        let pane = TmuxPane()
        let binary = try Self.demoBinary()
        try pane.start("env TERM=dumb '\(binary)'; echo STATUS=$?; stty -a; sleep 600")
        #expect(try Self.exitStatus(pane) == 1)
        try pane.waitFor(text: "terminal type \"dumb\" cannot move the cursor")
        try Self.expectSaneTerminal(pane)
    }

    @Test("mouse reports and focus events from the terminal are decoded")
    func mouseAndFocusBytes() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane)
        try pane.sendBytes(Array("\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<65;1;1M\u{1B}[O\u{1B}[I".utf8))
        try pane.waitFor(text: "  focus in")
        let log = try pane.screen().filter { $0.hasPrefix("  ") }
        #expect(log.suffix(5) == ["  mouse left press at 4,2", "  mouse left release at 4,2",
                                  "  mouse wheelDown press at 0,0", "  focus out", "  focus in"])
        try pane.send("q")
        #expect(try Self.exitStatus(pane) == 0)
    }

    @Test("timers and main-actor tasks update the screen through observation")
    func timersAndTasks() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane)
        try pane.send("t")
        try pane.waitFor(text: "toast: hello")
        // The timer clears it; no key is pressed meanwhile.
        try pane.waitFor("the toast to expire") { rows in !rows.contains { $0.contains("toast: hello") } }
        try pane.send("l")
        try pane.waitFor(text: "load: loading")
        try pane.waitFor(text: "load: loaded")
        try pane.send("q")
        #expect(try Self.exitStatus(pane) == 0)
    }

    @Test("wide characters redraw cleanly when text shifts under them")
    func wideCharacters() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane)
        try pane.send("Tab")
        try pane.waitFor(text: "focus: field")
        try pane.send("a日本語b", literal: true)
        try pane.waitFor(text: "Field: a日本語b")
        // Deleting the narrow "a" shifts every wide character by one column.
        try pane.send("Home", "Delete")
        try pane.waitFor(text: "Field: 日本語b")
        try pane.send("x", literal: true)
        try pane.waitFor(text: "Field: x日本語b")
        try pane.send("End", "BSpace", "BSpace")
        try pane.waitFor(text: "Field: x日本")
        let field = try #require(try pane.screen().first { $0.hasPrefix("Field:") })
        #expect(field == "Field: x日本")
        try pane.send("Escape")
        try pane.waitFor(text: "focus: log")
        try pane.send("q")
        #expect(try Self.exitStatus(pane) == 0)
    }

    /// CPU time (user + system, clock ticks) and context switches per thread.
    static func activity(of pid: pid_t) throws -> (cpuTicks: Int, contextSwitches: [String: Int]) {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name, which is in parentheses and may contain spaces.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        let ticks = try #require(Int(fields[11])) + (try #require(Int(fields[12])))
        var switches: [String: Int] = [:]
        for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
            else { continue }  // the thread just ended
            for line in status.split(separator: "\n")
            where line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
                switches[task, default: 0] += Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
            }
        }
        return (ticks, switches)
    }

    /// Context switches between two samples, over the threads present in both
    /// (an idle Dispatch worker may retire in between; that is one switch, not polling).
    static func wakeUps(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { total, entry in total + max(entry.value - (before[entry.key] ?? entry.value), 0) }
    }

    /// True when one of the process's threads waits in nanosleep (the demo's `&` key).
    static func hasSleepingThread(_ pid: pid_t) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            let wchan = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? ""
            return wchan.contains("nanosleep")
        }
    }

    static func processName(_ pid: pid_t) throws -> String {
        try String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("the text field edits by grapheme and word, with history")
    func textField() throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane)
        try pane.send("Tab")
        try pane.waitFor(text: "focus: field")
        try pane.send("first entry", literal: true)
        try pane.send("Enter")
        try pane.waitFor("the field to clear") { rows in rows.contains("Field:") }
        try pane.send("cp a/b/c d", literal: true)
        try pane.send("Left", "Left", "C-w")
        try pane.waitFor(text: "Field: cp  d")
        try pane.send("C-a", "x")
        try pane.waitFor(text: "Field: xcp  d")
        try pane.send("Up")
        try pane.waitFor(text: "Field: first entry")
        try pane.send("Down")
        try pane.waitFor(text: "Field: xcp  d")
        try pane.send("Escape")
        try pane.waitFor(text: "focus: log")
        try pane.send("q")
        #expect(try Self.exitStatus(pane) == 0)
    }

    @Test("TERM variants degrade without breaking", arguments: ["xterm-256color", "tmux-256color",
                                                                  "screen-256color", "screen", "linux", "vt100",
                                                                  "no-such-terminal-256color"])
    func termVariants(term: String) throws {
        let pane = TmuxPane()
        try Self.startWrapped(pane, term: term)
        try pane.send("Up", "a")
        try pane.waitFor(text: "  a")
        let log = try pane.screen().filter { $0.hasPrefix("  ") }
        #expect(log.suffix(2) == ["  up", "  a"])
        let expectMouse = term != "vt100"
        #expect(try pane.format("#{mouse_any_flag}") == (expectMouse ? "1" : "0"))
        try pane.send("q")
        #expect(try Self.exitStatus(pane) == 0)
        try Self.expectSaneTerminal(pane)
    }
}
