import Foundation
import TerminalTestSupport
import Testing

/// Every fatal signal, raised by a real fault inside the app (the hidden
/// `ORDERS_TEST_FAULT` hook: F12 raises the fault named by the variable) and
/// sent by `kill` from outside: the app ends with 128+N within two seconds,
/// the report is on the normal screen, and the terminal is sane.
@Suite("orders app: fatal signals", .serialized)
struct AppFatalSignalEndToEndTests {
    /// The hook's name for each signal, the signal, and the line the app prints.
    static let signals: [(fault: String, signal: Int32, name: String)] = [
        ("segv", SIGSEGV, "SIGSEGV"), ("bus", SIGBUS, "SIGBUS"), ("ill", SIGILL, "SIGILL"), ("fpe", SIGFPE, "SIGFPE"),
        ("abrt", SIGABRT, "SIGABRT"), ("trap", SIGTRAP, "SIGTRAP"), ("sys", SIGSYS, "SIGSYS"), ("quit", SIGQUIT, "SIGQUIT"),
    ]

    /// The report line the app writes to the normal screen for `signal`.
    static func reportLine(_ name: String, _ signal: Int32) -> String {
        signal == SIGQUIT
            ? "orders: quit by SIGQUIT; terminal restored, exiting with status 131"
            : "orders: fatal signal \(name) (\(signal)); terminal restored, exiting with status \(128 + signal)"
    }

    enum Source: String, CaseIterable { case fault, kill }

    @Test("a fatal signal ends the app with 128+N within 2 s, reported on the normal screen, terminal sane",
          arguments: signals.map(\.fault), Source.allCases)
    func fatalSignal(fault: String, source: Source) throws {
        let (_, signal, name) = try #require(Self.signals.first { $0.fault == fault })
        let app = try AppFixture()
        defer { app.stop() }
        // The hook is armed in both cases; with `kill` F12 is never pressed.
        try app.startReportingExitTime(environment: ["ORDERS_TEST_FAULT": fault])
        // The app really holds the terminal: alternate screen, mouse, hidden cursor.
        #expect(try app.pane.format("#{alternate_on}") == "1")
        #expect(try app.pane.format("#{mouse_any_flag}") == "1")
        let pid = try app.appProcessID()
        let sentAt = Date().timeIntervalSince1970
        switch source {
        case .fault: try app.pane.send("F12")
        case .kill: #expect(kill(pid, signal) == 0)
        }
        let report = try app.waitForExitReport()
        let seconds = report.endedAt - sentAt
        print("fatal signal \(name) by \(source): status \(report.status) after \(String(format: "%.3f", seconds)) s")
        #expect(report.status == 128 + signal)
        #expect(seconds < 2.0, "\(name) took \(seconds) s to end the app")
        #expect(report.lines.contains(Self.reportLine(name, signal)), "no report line:\n\(report.lines.joined(separator: "\n"))")
        // The report is printed after the terminal came back, never at a prompt inside the UI.
        #expect(!report.lines.contains { $0.contains("Press space to interact") })
        try app.pane.expectSaneAfterExit(report)
        // The process is really gone (not lingering in a signal handler).
        #expect(kill(pid, 0) != 0)
    }

    @Test("without the variable F12 does nothing: the app keeps running and quits normally")
    func hookIsHiddenByDefault() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.startReportingExitTime()
        try app.pane.send("F12")
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(11))
        try app.pane.send("q")
        let report = try app.waitForExitReport()
        #expect(report.status == 0)
        try app.pane.expectSaneAfterExit(report)
    }
}
