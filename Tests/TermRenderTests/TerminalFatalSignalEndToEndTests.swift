import Foundation
import TerminalTestSupport
import Testing

/// TermRender's own promise, on the demo program: a fatal signal sent to a
/// full-screen program ends it with 128+N, with one report line on the normal
/// screen and the terminal sane. (The orders app's tests add real faults.)
@Suite("Terminal end to end (tmux): fatal signals", .serialized,
       .enabled(if: TmuxPane.isAvailable || TmuxPane.isRequired))
struct TerminalFatalSignalEndToEndTests {
    @Test("a fatal signal sent with kill ends the demo with 128+N, reported, terminal sane",
          arguments: [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS])
    func fatalSignal(signal: Int32) throws {
        let pane = TmuxPane()
        try TerminalEndToEndTests.startWrapped(pane, height: 40)
        let demo = try #require(try pane.childProcessIDs().first)
        #expect(kill(demo, signal) == 0)
        #expect(try TerminalEndToEndTests.exitStatus(pane) == 128 + signal)
        try TerminalEndToEndTests.expectSaneTerminal(pane)
        let rows = try pane.screen(includingHistory: true)
        #expect(rows.contains { $0.hasPrefix("termrender-demo: fatal signal SIG") && $0.hasSuffix("exiting with status \(128 + signal)") })
    }

    @Test("SIGQUIT is a clean exit with 131 and a report line")
    func quit() throws {
        let pane = TmuxPane()
        try TerminalEndToEndTests.startWrapped(pane)
        let demo = try #require(try pane.childProcessIDs().first)
        #expect(kill(demo, SIGQUIT) == 0)
        #expect(try TerminalEndToEndTests.exitStatus(pane) == 131)
        try TerminalEndToEndTests.expectSaneTerminal(pane)
        try pane.waitFor(text: "termrender-demo: quit by SIGQUIT; terminal restored, exiting with status 131")
    }
}
