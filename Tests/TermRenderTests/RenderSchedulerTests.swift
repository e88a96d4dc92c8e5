import Observation
import Testing
@testable import TermRender

@MainActor
@Observable
final class CounterModel {
    var count = 0
    var title = "a"
    var unrelated = 0
}

@Suite("RenderScheduler")
@MainActor
struct RenderSchedulerTests {
    /// A scheduler whose render reads `count` and `title` and records what it saw.
    @MainActor
    final class Harness {
        let model = CounterModel()
        var frames: [String] = []
        lazy var scheduler = RenderScheduler { [unowned self] in
            frames.append("\(model.title)\(model.count)")
        }
    }

    @Test("many changes before the next turn give exactly one frame with the final state")
    func coalesces() async {
        let harness = Harness()
        harness.scheduler.renderNow()
        #expect(harness.frames == ["a0"])
        harness.model.count = 1
        harness.model.count = 2
        harness.model.title = "b"
        // The frame is never rendered synchronously inside the change notification.
        #expect(harness.frames == ["a0"])
        await harness.scheduler.settle()
        #expect(harness.frames == ["a0", "b2"])
        #expect(harness.scheduler.frameCount == 2)
    }

    @Test("state the last frame did not read triggers no frame")
    func ignoresUnreadState() async {
        let harness = Harness()
        harness.scheduler.renderNow()
        harness.model.unrelated += 1
        await harness.scheduler.settle()
        #expect(harness.frames == ["a0"])
        #expect(!harness.scheduler.hasPendingRender)
    }

    @Test("tracking is re-armed after every frame")
    func rearms() async {
        let harness = Harness()
        harness.scheduler.renderNow()
        for value in 1...3 {
            harness.model.count = value
            await harness.scheduler.settle()
        }
        #expect(harness.frames == ["a0", "a1", "a2", "a3"])
    }

    @Test("setNeedsRender coalesces with observed changes")
    func explicitRequest() async {
        let harness = Harness()
        harness.scheduler.renderNow()
        harness.scheduler.setNeedsRender()
        harness.model.count = 5
        harness.scheduler.setNeedsRender()
        await harness.scheduler.settle()
        #expect(harness.frames == ["a0", "a5"])
    }

    @Test("what runs before a frame (keys typed ahead) is drawn in that frame, once, even when it asks for a frame itself")
    func beforeFrame() async {
        let model = Harness().model
        var frames: [String] = []
        var scheduler: RenderScheduler?
        var typedAhead = [1, 2]
        scheduler = RenderScheduler(render: { frames.append("\(model.title)\(model.count)") }, beforeFrame: {
            guard !typedAhead.isEmpty else { return }
            model.count = typedAhead.removeFirst()
            scheduler?.renderNow()
            scheduler?.setNeedsRender()
        })
        scheduler?.renderNow()
        #expect(frames == ["a1"], "the change made before the frame is in it; the frame asked for meanwhile is this one")
        scheduler?.renderNow()
        #expect(frames == ["a1", "a2"])
        await scheduler?.settle()
        #expect(frames == ["a1", "a2"], "no frame follows for what was drawn already")
        #expect(scheduler?.frameCount == 2)
    }

    @Test("a change made by a task finishing later (a background load) renders one frame")
    func backgroundTaskCompletion() async {
        let harness = Harness()
        harness.scheduler.renderNow()
        let model = harness.model
        // Work off the main actor, then publish the result on it.
        let result = await Task.detached { () -> Int in
            (1...10).reduce(0, +)
        }.value
        let publish = Task { @MainActor in
            model.count = result
            model.title = "done"
        }
        await publish.value
        await harness.scheduler.settle()
        #expect(harness.frames == ["a0", "done55"])
    }

    @Test("a render that writes state it reads does not re-trigger itself (no render loop)")
    func selfWritingRender() async {
        let model = CounterModel()
        var frames = 0
        let scheduler = RenderScheduler {
            frames += 1
            // Changes made while the frame is being tracked are not reported
            // to that frame's tracking, so this cannot spin.
            model.count = model.count + 1
        }
        scheduler.renderNow()
        for _ in 0..<5 { await scheduler.settle() }
        #expect(frames == 1)
        #expect(!scheduler.hasPendingRender)
        // A change from outside still renders.
        model.count = 100
        await scheduler.settle()
        #expect(frames == 2)
    }

    @Test("a stopped scheduler renders nothing more")
    func stop() async {
        let harness = Harness()
        harness.scheduler.renderNow()
        harness.scheduler.stop()
        harness.model.count = 1
        harness.scheduler.setNeedsRender()
        harness.scheduler.renderNow()
        await harness.scheduler.settle()
        #expect(harness.frames == ["a0"])
    }
}
