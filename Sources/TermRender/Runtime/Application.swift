import Dispatch
import Glibc

/// The run loop of a full-screen program: owns the terminal session, reads
/// input, handles signals, and renders when observed state changes.
///
/// It knows nothing about views: `run` takes a render closure (draw the whole
/// UI from current state) and an event handler. Idle, it sleeps in the kernel:
/// no polling, no periodic wake-ups.
@MainActor
public final class Application {
    /// How the program wants the terminal and the loop to behave.
    public struct Options: Sendable {
        public var session: TerminalSession.Options
        /// Ctrl-Z stops the program like in a shell (`fg` resumes it).
        public var suspendsOnControlZ: Bool

        public init(session: TerminalSession.Options = .init(), suspendsOnControlZ: Bool = true) {
            self.session = session
            self.suspendsOnControlZ = suspendsOnControlZ
        }
    }

    /// The one running application, for signal callbacks.
    private static weak var current: Application?

    public let session: TerminalSession
    private let options: Options
    private var signalWatchers: [SignalWatcher] = []
    private var reader: TerminalInputReader?
    private var scheduler: RenderScheduler?
    private var handler: (@MainActor (InputEvent) -> Void)?
    private var continuation: CheckedContinuation<Int32, Never>?
    private var exitStatus: Int32?
    /// The termination signal that ended the run, if one did.
    private var quitSignal: Int32?
    private var timers: [ScheduledTimer] = []
    private var foregroundWatch: ScheduledTimer?

    /// Takes over the terminal. Signals are caught from this moment on, before
    /// ncurses starts, so it never installs handlers of its own.
    public init(options: Options = Options()) throws {
        self.options = options
        let watchers = Self.watchSignals()
        do {
            session = try TerminalSession(options: options.session)
        } catch {
            for watcher in watchers { watcher.cancel() }
            throw error
        }
        signalWatchers = watchers
        Self.current = self
    }

    /// The screen to draw on.
    public var backend: NcursesBackend { session.backend }

    /// The terminal size now.
    public var size: Size { session.backend.size }

    /// Runs until `quit(_:)`, a termination signal or a terminal hang-up, then
    /// gives the terminal back and returns the exit status.
    ///
    /// - Parameters:
    ///   - render: draws the whole UI from current state; runs first, again after
    ///     any state it read changes, and after a resize.
    ///   - handle: receives every input event, in order. `.resize` comes after
    ///     a change of size (the backend was cleared) and after the program was
    ///     stopped and continued (the terminal may show anything): the next
    ///     frame should be drawn in full (`RenderSession.invalidate()`).
    public func run(render: @escaping @MainActor () -> Void,
                    handle: @escaping @MainActor (InputEvent) -> Void) async -> Int32 {
        handler = handle
        let scheduler = RenderScheduler(render: render)
        self.scheduler = scheduler
        let reader = TerminalInputReader(
            descriptor: 0,
            deliver: { [weak self] events in self?.dispatch(events) },
            hangup: { [weak self] in self?.inputEnded() })
        self.reader = reader
        reader.start()
        scheduler.renderNow()
        let status: Int32
        if let exitStatus {
            status = exitStatus
        } else {
            status = await withCheckedContinuation { continuation = $0 }
        }
        shutDown()
        if quitSignal == SIGQUIT {
            // The report SIGQUIT promises, on the normal screen now that it is back.
            var line = Array("\(SignalName.programName): quit by SIGQUIT; terminal restored, exiting with status \(status)\n".utf8)
            TerminalWriter.writeAll(2, &line)
        }
        return status
    }

    /// Ends the run loop; `run` returns `status` once the terminal is restored.
    public func quit(_ status: Int32 = 0) {
        guard exitStatus == nil else { return }
        exitStatus = status
        continuation?.resume(returning: status)
        continuation = nil
    }

    private func quit(bySignal signal: Int32) {
        if exitStatus == nil { quitSignal = signal }
        quit(128 + signal)
    }

    /// Asks for a frame for state Observation cannot see.
    public func setNeedsRender() {
        scheduler?.setNeedsRender()
    }

    /// Stops the program as Ctrl-Z does; returns once it runs again, with the
    /// whole screen redrawn at the terminal's current size.
    public func suspend() {
        if session.suspend() { screenWasLost() }
    }

    /// Turns mouse reporting on or off.
    public func setMouseCapture(_ enabled: Bool) {
        session.setMouseCapture(enabled)
    }

    /// Runs `action` once after `delay`; cancelled automatically at quit.
    @discardableResult
    public func after(_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        track(ScheduledTimer.after(delay, action))
    }

    /// Runs `action` every `interval`; cancelled automatically at quit.
    @discardableResult
    public func every(_ interval: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        track(ScheduledTimer.every(interval, action))
    }

    private func track(_ timer: ScheduledTimer) -> ScheduledTimer {
        timers.removeAll { !$0.isActive }
        timers.append(timer)
        return timer
    }

    // MARK: Events

    private func dispatch(_ events: [InputEvent]) {
        for event in events {
            guard exitStatus == nil else { return }
            if options.suspendsOnControlZ, event == .key(KeyPress(.character("z"), modifiers: .control)) {
                suspend()
                continue
            }
            handler?(event)
        }
    }

    private func windowResized() {
        let size = session.updateSize()
        handler?(.resize(size))
        scheduler?.renderNow()
    }

    private func continued() {
        if session.continueAfterStop() {
            screenWasLost()
        } else if session.isWaitingForTerminal {
            watchForForeground()
        }
    }

    /// Continued in the background (`bg`, or `kill -CONT` under job control):
    /// the later `fg` sends no signal, the job being already running, so the
    /// terminal is checked a few times a second until it is ours again. Only
    /// in that state; idle in the foreground stays free of wake-ups.
    private func watchForForeground() {
        guard foregroundWatch?.isActive != true else { return }
        foregroundWatch = every(.milliseconds(250)) { [weak self] in
            guard let self, self.session.continueAfterStop() else { return }
            self.foregroundWatch?.cancel()
            self.foregroundWatch = nil
            self.screenWasLost()
        }
    }

    /// After a stop the terminal shows whatever the shell left, possibly at
    /// another size (SIGWINCH goes to the foreground job, not to a stopped one):
    /// the size is read again and the handler hears `.resize`, so the next frame
    /// is drawn in full, as after Ctrl-L.
    private func screenWasLost() {
        reader?.start()
        windowResized()
    }

    /// End of file or EIO on the terminal: it hung up, unless the process runs
    /// in the background (continued without `fg`; its SIGCONT may not have been
    /// handled yet), where reads fail until `fg`. The reader starts again then,
    /// in `screenWasLost()`.
    private func inputEnded() {
        if session.isWaitingForTerminal || !session.isInForeground { return }
        quit(128 + SIGHUP)
    }

    private func shutDown() {
        reader?.stop()
        reader = nil
        scheduler?.stop()
        for timer in timers { timer.cancel() }
        timers.removeAll()
        session.leave()
        for watcher in signalWatchers { watcher.cancel() }
        signalWatchers.removeAll()
        handler = nil
    }

    // MARK: Signals

    /// How long a termination signal may wait for the main thread before the
    /// terminal is restored from the signal's own queue and the process ends.
    /// Short enough that the process is gone within two seconds of the signal.
    nonisolated static let terminationGracePeriod: DispatchTimeInterval = .milliseconds(1500)

    private static func watchSignals() -> [SignalWatcher] {
        // SIGQUIT is a request to quit like SIGTERM (a clean exit with 131), not
        // a crash: Swift's runtime would print a backtrace and let the app run on.
        let termination = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP, SIGQUIT], queue: .global()) { signal in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { Application.current?.quit(bySignal: signal) }
            }
            // If the main thread is stuck, give the terminal back anyway.
            DispatchQueue.global().asyncAfter(deadline: .now() + terminationGracePeriod) {
                guard EmergencyRestore.isArmed else { return }
                EmergencyRestore.restoreNow()
                var note = Array("the program did not respond to signal \(signal); terminal restored, exiting\n".utf8)
                TerminalWriter.writeAll(2, &note)
                _exit(128 + signal)
            }
        }
        let job = SignalWatcher(signals: [SIGTSTP, SIGCONT, SIGWINCH], queue: .main) { signal in
            MainActor.assumeIsolated {
                guard let application = Application.current else { return }
                switch signal {
                case SIGTSTP: application.suspend()
                case SIGCONT: application.continued()
                default: application.windowResized()
                }
            }
        }
        return [termination, job]
    }
}
