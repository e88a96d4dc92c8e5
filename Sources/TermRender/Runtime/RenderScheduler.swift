import Observation

/// Runs a render closure again whenever state it read last time changes.
///
/// The render runs inside `withObservationTracking`. Observation reports a
/// change on *willSet*, possibly off the main actor, so the scheduler never
/// renders from the notification itself: it enqueues one main-actor task,
/// which runs after the current event batch has finished mutating state. Any
/// number of changes before that task runs give exactly one frame.
@MainActor
public final class RenderScheduler {
    private let render: @MainActor () -> Void
    private let beforeFrame: @MainActor () -> Void
    private var isPreparingFrame = false
    private var pending: Task<Void, Never>?
    /// Incremented per frame; a change notification from an older frame's
    /// tracking is stale because the newer frame tracks the same state.
    private var generation = 0
    private var isStopped = false

    /// The number of frames rendered so far.
    public private(set) var frameCount = 0

    /// - Parameter beforeFrame: runs before each frame, outside its observation tracking, so what
    ///   it changes is drawn in that frame (the application handles keys typed ahead there).
    public init(render: @escaping @MainActor () -> Void, beforeFrame: @escaping @MainActor () -> Void = {}) {
        self.render = render
        self.beforeFrame = beforeFrame
    }

    /// Renders now, cancelling any frame already scheduled.
    public func renderNow() {
        // A frame asked for while this one is prepared (a key's handler drawing at once) is this
        // frame, drawn once, below.
        guard !isStopped, !isPreparingFrame else { return }
        isPreparingFrame = true
        beforeFrame()
        isPreparingFrame = false
        guard !isStopped else { return }
        pending?.cancel()
        pending = nil
        generation += 1
        frameCount += 1
        let frame = generation
        withObservationTracking {
            render()
        } onChange: { [weak self] in
            Task { @MainActor [weak self] in
                guard let self, frame == self.generation else { return }
                self.setNeedsRender()
            }
        }
    }

    /// Schedules one frame soon, after the current work on the main actor.
    /// For state that Observation cannot see.
    public func setNeedsRender() {
        guard pending == nil, !isStopped else { return }
        pending = Task { @MainActor [weak self] in
            guard let self, !Task.isCancelled else { return }
            self.pending = nil
            self.renderNow()
        }
    }

    /// True when a frame is scheduled but not rendered yet.
    public var hasPendingRender: Bool { pending != nil }

    /// Stops rendering for good (the program is quitting).
    public func stop() {
        isStopped = true
        pending?.cancel()
        pending = nil
    }

    /// Waits until change notifications delivered so far have been turned into
    /// frames; for tests, which must not sleep.
    func settle() async {
        // Two hops: the change notification's task, then the frame's task.
        for _ in 0..<4 {
            await Task.yield()
            if let pending { await pending.value }
        }
    }
}
