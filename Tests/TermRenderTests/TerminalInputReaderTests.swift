import Glibc
import Testing
import TerminalTestSupport
@testable import TermRender

/// The input reader on a pipe instead of a terminal: batching, the escape
/// timeout and end-of-file, through the same Dispatch machinery as in the app.
@Suite("TerminalInputReader")
@MainActor
struct TerminalInputReaderTests {
    @MainActor
    final class Recorder {
        var batches: [[InputEvent]] = []
        var hangups = 0
        var waiter: CheckedContinuation<Void, Never>?
        var condition: @MainActor @Sendable (Recorder) -> Bool = { _ in false }

        /// Suspends until `condition` holds (checked after every callback); fails the
        /// test, naming `what`, if the reader never gets there.
        func wait(for what: String, sourceLocation: SourceLocation = #_sourceLocation,
                  until condition: @escaping @MainActor @Sendable (Recorder) -> Bool) async throws {
            let recorder = self
            let arrived = await Deadline.finishes { await recorder.suspend(until: condition) }
            try #require(arrived, "the reader never delivered \(what)", sourceLocation: sourceLocation)
        }

        private func suspend(until condition: @escaping @MainActor @Sendable (Recorder) -> Bool) async {
            if condition(self) { return }
            self.condition = condition
            await withCheckedContinuation { waiter = $0 }
        }

        func changed() {
            if let waiter, condition(self) {
                self.waiter = nil
                waiter.resume()
            }
        }
    }

    private func write(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        TerminalWriter.writeAll(descriptor, &bytes)
    }

    @Test("bytes available at one wake-up arrive as one batch, in order")
    func batches() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        // The hang-up below is end of file, which comes only when every copy of the write end
        // is closed: no child another test starts may inherit one (one that did once kept
        // this test, and the whole run, waiting for ever).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let recorder = Recorder()
        let reader = TerminalInputReader(
            descriptor: ends[0],
            deliver: { recorder.batches.append($0); recorder.changed() },
            hangup: { recorder.hangups += 1; recorder.changed() })
        // Written before the source starts, so all of it is readable at the first wake-up.
        write(ends[1], "ab\u{1B}[A\u{1B}[200~pasted\u{1B}[201~")
        reader.start()
        try await recorder.wait(for: "the first batch") { !$0.batches.isEmpty }
        #expect(recorder.batches == [[
            .key(KeyPress(.character("a"))), .key(KeyPress(.character("b"))), .key(KeyPress(.up)), .paste("pasted"),
        ]])

        // A lone ESC is delivered by the timeout, with nothing else written.
        write(ends[1], "\u{1B}")
        try await recorder.wait(for: "the lone ESC") { $0.batches.count == 2 }
        #expect(recorder.batches.last == [.key(KeyPress(.escape))])

        // End of file is a hang-up, reported once; the reader stops (no spinning on EOF).
        close(ends[1])
        try await recorder.wait(for: "the hang-up") { $0.hangups > 0 }
        #expect(recorder.hangups == 1)
        #expect(recorder.batches.count == 2)
        reader.stop()
        close(ends[0])
    }
    @Test("input already waiting is delivered on request, before the read source wakes up; nothing waiting delivers nothing")
    func waitingInput() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { for end in ends { close(end) } }
        var batches: [[InputEvent]] = []
        let reader = TerminalInputReader(descriptor: ends[0], deliver: { batches.append($0) }, hangup: {})
        write(ends[1], "c")
        reader.deliverWaitingInput()
        #expect(batches.isEmpty, "a reader not started delivers nothing")

        // Synchronous from here to the end: the read source's handler, queued on the main
        // actor, cannot run before the test's next suspension.
        reader.start()
        reader.deliverWaitingInput()
        #expect(batches == [[.key(KeyPress(.character("c")))]])
        reader.deliverWaitingInput()
        #expect(batches.count == 1, "nothing waiting: nothing delivered, and no read that would block")
        reader.stop()
    }
}
