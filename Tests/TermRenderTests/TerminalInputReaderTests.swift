import Glibc
import Testing
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
        var condition: (Recorder) -> Bool = { _ in false }

        /// Suspends until `condition` holds (checked after every callback).
        func wait(until condition: @escaping (Recorder) -> Bool) async {
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
        let recorder = Recorder()
        let reader = TerminalInputReader(
            descriptor: ends[0],
            deliver: { recorder.batches.append($0); recorder.changed() },
            hangup: { recorder.hangups += 1; recorder.changed() })
        // Written before the source starts, so all of it is readable at the first wake-up.
        write(ends[1], "ab\u{1B}[A\u{1B}[200~pasted\u{1B}[201~")
        reader.start()
        await recorder.wait { !$0.batches.isEmpty }
        #expect(recorder.batches == [[
            .key(KeyPress(.character("a"))), .key(KeyPress(.character("b"))), .key(KeyPress(.up)), .paste("pasted"),
        ]])

        // A lone ESC is delivered by the timeout, with nothing else written.
        write(ends[1], "\u{1B}")
        await recorder.wait { $0.batches.count == 2 }
        #expect(recorder.batches.last == [.key(KeyPress(.escape))])

        // End of file is a hang-up, reported once; the reader stops (no spinning on EOF).
        close(ends[1])
        await recorder.wait { $0.hangups > 0 }
        #expect(recorder.hangups == 1)
        #expect(recorder.batches.count == 2)
        reader.stop()
        close(ends[0])
    }
}
