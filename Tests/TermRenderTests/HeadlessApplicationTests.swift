import Glibc
import Observation
import Testing
@testable import TermRender

/// The run loop without a terminal: `Application` on `TestBackend`, fed by `ScriptedInput`,
/// decodes typed bytes the same way, redraws on observed changes, and quits.
@Suite("Application, headless")
@MainActor
struct HeadlessApplicationTests {
    @Observable @MainActor
    final class Counter {
        var typed = ""
    }

    @Test("typed bytes arrive decoded, in order; an observed change redraws; quit ends it")
    func typeAndRead() async {
        let backend = TestBackend(size: Size(width: 12, height: 2))
        let input = ScriptedInput()
        let application = Application(backend: backend, input: input)
        let session = RenderSession(backend: backend)
        let model = Counter()
        var events: [InputEvent] = []
        application.start(render: { session.render(Text("typed: " + model.typed)) }, handle: { event in
            events.append(event)
            if case .key(let press) = event, case .character(let character) = press.key { model.typed.append(character) }
            if event == .key(KeyPress(.escape)) { application.quit(3) }
        })
        #expect(backend.mismatch(with: ["typed:      ", "            "]) == nil)

        input.type("ab\u{1B}[A")
        await application.settle()
        #expect(events == [.key(KeyPress(.character("a"))), .key(KeyPress(.character("b"))), .key(KeyPress(.up))])
        #expect(backend.mismatch(with: ["typed: ab   ", "            "]) == nil)

        input.type("\u{1B}")
        #expect(application.quitStatus == 3, "a lone ESC at the end of a burst is resolved at once")
        input.type("c")
        #expect(events.count == 4, "nothing is delivered after quit")
        #expect(application.capabilities == .headless)
    }

    @Test("keys waiting on the terminal are handled before a frame is drawn: they were pressed on the frame on screen")
    func keysTypedAheadComeBeforeTheFrame() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { for end in ends { close(end) } }
        var bytes = Array("c".utf8)
        TerminalWriter.writeAll(ends[1], &bytes)
        let reader = TerminalInputReader(descriptor: ends[0])
        defer { reader.stop() }
        let application = Application(backend: TestBackend(size: Size(width: 4, height: 1)), input: reader)
        var log: [String] = []
        application.start(render: { log.append("frame") }, handle: { event in log.append("\(event)") })
        #expect(log == ["\(InputEvent.key(KeyPress(.character("c"))))", "frame"])
        application.quit()
    }

    @Test("a hang-up of the input quits with 128 + SIGHUP, as a terminal hang-up does")
    func hangUp() {
        let input = ScriptedInput()
        let application = Application(backend: TestBackend(size: Size(width: 4, height: 1)), input: input)
        application.start(render: {}, handle: { _ in })
        #expect(application.quitStatus == nil)
        input.hangUp()
        #expect(application.quitStatus == 129)
    }
}
