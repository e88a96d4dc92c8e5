import Foundation
import TerminalTestSupport
import Testing

/// Every fatal signal, raised by a real fault inside the app (the test program
/// `OrdersFaulty`, which is `orders` plus a fault hook: F12 raises the fault named by
/// `ORDERS_TEST_FAULT`) and sent by `kill` from outside: the app ends with 128+N within two seconds,
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
        try app.startReportingExitTime(environment: ["ORDERS_TEST_FAULT": fault], program: .withFaultHook)
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

    @Test("the real orders has no fault hook: with ORDERS_TEST_FAULT set, F12 does nothing, the app keeps running and quits normally")
    func hookIsHiddenByDefault() throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.startReportingExitTime(environment: ["ORDERS_TEST_FAULT": "segv"])
        try app.pane.send("F12")
        try app.pane.send("j")
        try app.pane.waitForSelection(AppFixture.id(11))
        try app.pane.send("q")
        let report = try app.waitForExitReport()
        #expect(report.status == 0)
        try app.pane.expectSaneAfterExit(report)
    }
}

/// The watchdogs: neither a crash reporter that never finishes nor a main
/// thread that never answers keeps the app (and the terminal) past two seconds.
@Suite("orders app: fatal signals when something is stuck", .serialized)
struct AppStuckFatalSignalEndToEndTests {
    @Test("a crash reporter that hangs: the watchdog ends the app with 139 within 2 s, terminal sane")
    func backtracerHangs() throws {
        let app = try AppFixture()
        defer { app.stop() }
        // Swift's runtime runs this program as its backtracer: it never finishes.
        let backtracer = app.binary.path("stuck-backtracer")
        try Data("#!/bin/sh\nexec sleep 30\n".utf8).write(to: URL(fileURLWithPath: backtracer))
        #expect(chmod(backtracer, 0o755) == 0)
        try app.startReportingExitTime(environment: [
            "SWIFT_BACKTRACE": "enable=yes,interactive=no,swift-backtrace=\(backtracer)"])
        let pid = try app.appProcessID()
        let sentAt = Date().timeIntervalSince1970
        #expect(kill(pid, SIGSEGV) == 0)
        let report = try app.waitForExitReport()
        let seconds = report.endedAt - sentAt
        print("fatal signal SIGSEGV with a stuck backtracer: status \(report.status) after \(String(format: "%.3f", seconds)) s")
        #expect(report.status == 128 + SIGSEGV)
        #expect(seconds < 2.0, "took \(seconds) s")
        #expect(report.lines.contains("orders: fatal signal SIGSEGV (11); terminal restored, exiting with status 139"))
        // Its own line, though the reporter's unfinished line may be cut anywhere before it.
        #expect(report.lines.contains { $0.hasSuffix("orders: the crash report did not finish in time; exiting without it") },
                "no watchdog note:\n\(report.lines.joined(separator: "\n"))")
        try app.pane.expectSaneAfterExit(report)
    }

    @Test("with Swift's backtracer off, a signal still ends the app with 128+N, reported, terminal sane",
          arguments: [SIGSEGV, SIGQUIT])
    func backtracerOff(signal: Int32) throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.startReportingExitTime(environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(kill(try app.appProcessID(), signal) == 0)
        let report = try app.waitForExitReport()
        #expect(report.status == 128 + signal)
        let line = signal == SIGQUIT
            ? "orders: quit by SIGQUIT; terminal restored, exiting with status 131"
            : "orders: fatal signal SIGSEGV (11); terminal restored, exiting with status 139"
        #expect(report.lines.contains(line))
        try app.pane.expectSaneAfterExit(report)
    }

    @Test("the main thread hangs (fault hook `hang`): a signal still ends the app within 2 s, terminal sane",
          arguments: [SIGQUIT, SIGSEGV, SIGTERM])
    func mainThreadHangs(signal: Int32) throws {
        let app = try AppFixture()
        defer { app.stop() }
        try app.startReportingExitTime(environment: ["ORDERS_TEST_FAULT": "hang"], program: .withFaultHook)
        let pid = try app.appProcessID()
        try app.pane.send("F12")
        // The main thread sleeps once F12 has been read.
        try app.pane.waitFor("the main thread to block") { _ in Self.mainThreadSleeps(pid) }
        let sentAt = Date().timeIntervalSince1970
        #expect(kill(pid, signal) == 0)
        let report = try app.waitForExitReport()
        let seconds = report.endedAt - sentAt
        print("signal \(signal) with the main thread stuck: status \(report.status) after \(String(format: "%.3f", seconds)) s")
        #expect(report.status == 128 + signal)
        #expect(seconds < 2.0, "took \(seconds) s")
        try app.pane.expectSaneAfterExit(report)
    }

    /// True when one of the process's threads waits in nanosleep: the one running
    /// the main queue (the process's first thread waits for signals in libdispatch).
    static func mainThreadSleeps(_ pid: pid_t) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            let wchan = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? ""
            return wchan.contains("nanosleep")
        }
    }
}
