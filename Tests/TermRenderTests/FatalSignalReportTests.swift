import FaultInjection
import Glibc
import Testing
@testable import TermRender

/// The texts and tables behind the fatal-signal path; the behaviour itself is
/// tested end to end on the real `orders` binary (OrdersTUITests, "fatal signals").
@Suite("Fatal signal reports")
struct FatalSignalReportTests {
    @Test("each injected fault names the signal it raises")
    func faultSignals() {
        #expect(InjectedFault.allCases.map { "\($0.rawValue)=\($0.signal)" }
                == ["segv=11", "bus=7", "ill=4", "fpe=8", "abrt=6", "trap=5", "sys=31", "quit=3"])
    }

    @Test("every fatal signal is handled except QUIT, which quits cleanly through the run loop")
    func handledSignals() {
        #expect(FatalSignalHandler.signals.map(SignalName.of)
                == ["SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT", "SIGTRAP", "SIGSYS"])
    }

    @Test("the report line names the program, the signal and the exit status")
    func reportLine() {
        #expect(FatalSignalHandler.reportLine(for: SIGBUS, program: "orders")
                == "orders: fatal signal SIGBUS (7); terminal restored, exiting with status 135\n")
        #expect(SignalName.of(64) == "signal 64")
    }

    @Test("prepared text keeps its bytes exactly, for writing from a handler")
    func signalSafeText() {
        let text = SignalSafeText("é\u{1B}[?1049l\n")
        #expect(Array(UnsafeBufferPointer(start: text.bytes, count: text.count)) == Array("é\u{1B}[?1049l\n".utf8))
    }
}
