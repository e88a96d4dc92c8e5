import Dispatch
import Glibc

/// The run loop of a full-screen program: owns the terminal session, reads
/// input, handles signals, and renders when observed state changes.
///
/// It knows nothing about views: `run` takes a render closure (draw the whole
/// UI from current state) and an event handler. Idle, it sleeps in the kernel:
/// no polling, no periodic wake-ups.
///
/// A real program takes over the terminal (`init(options:)`: ncurses, standard
/// input, signals). A test runs the same loop headless on any `Backend` and
/// `InputSource` (`init(backend:input:)`, e.g. `TestBackend` and `ScriptedInput`):
/// no terminal, no signal handlers; `start` instead of `run`, then type and read the screen.
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

    /// The terminal, when this application took one over; nil when headless.
    public let session: TerminalSession?
    /// The screen to draw on.
    public let backend: any Backend
    private let options: Options
    private var signalWatchers: [SignalWatcher] = []
    private let input: any InputSource
    private var isReading = false
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
        let session: TerminalSession
        do {
            session = try TerminalSession(options: options.session)
        } catch {
            for watcher in watchers { watcher.cancel() }
            throw error
        }
        self.session = session
        backend = session.backend
        input = TerminalInputReader(descriptor: options.session.inputDescriptor)
        signalWatchers = watchers
        Self.current = self
    }

    /// Runs headless on `backend`, reading `input`: no terminal is touched and no
    /// signal is caught, so tests can run the whole loop in-process.
    public init(backend: any Backend, input: any InputSource, capabilities: TerminalCapabilities = .headless,
                options: Options = Options()) {
        self.options = options
        self.session = nil
        self.backend = backend
        self.input = input
        headlessCapabilities = capabilities
    }

    private var headlessCapabilities: TerminalCapabilities = .headless

    /// What the terminal can do (for a headless application, what it was given).
    public var capabilities: TerminalCapabilities {
        session?.capabilities ?? headlessCapabilities
    }

    /// The terminal size now.
    public var size: Size { backend.size }

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
        start(render: render, handle: handle)
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

    /// Starts reading input and draws the first frame, without waiting for the
    /// end: what `run` does first. A headless test calls this, then types.
    public func start(render: @escaping @MainActor () -> Void, handle: @escaping @MainActor (InputEvent) -> Void) {
        handler = handle
        // Keys already waiting were pressed on the frame on screen, not on the state the next
        // frame would show (another operator's change merged meanwhile, the program continued
        // after a stop): they are handled before it is drawn, as editors handle typeahead.
        let scheduler = RenderScheduler(render: render, beforeFrame: { [weak self] in
            guard let self, self.isReading, self.exitStatus == nil else { return }
            self.input.deliverWaitingInput()
        })
        self.scheduler = scheduler
        startReading()
        scheduler.renderNow()
    }

    /// Starts (or, after the input ended in the background, restarts) delivery of input.
    private func startReading() {
        input.start(deliver: { [weak self] events in self?.dispatch(events) },
                    hangup: { [weak self] in self?.inputEnded() })
        isReading = true
    }

    /// Waits until every change made so far has been drawn (for tests, which must not sleep).
    public func settle() async {
        await scheduler?.settle()
    }

    /// Whether `quit` has been called, and with which status.
    public var quitStatus: Int32? { exitStatus }

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
    /// whole screen redrawn at the terminal's current size. Headless, it does nothing.
    public func suspend() {
        guard let session else { return }
        if session.suspend() { screenWasLost() }
    }

    /// Runs another program on the terminal (the operator's editor) and waits for it: the screen
    /// is given back as for Ctrl-Z, the program runs as the terminal's foreground job, then the
    /// screen is taken again and redrawn in full at the terminal's size. Nothing else runs on the
    /// main actor meanwhile, so no key meant for the program is read here. Headless, the program
    /// just runs.
    public func runInForeground(_ arguments: [String], environment: [String: String])
        -> Result<Int32, ForegroundProgram.LaunchError> {
        runInForeground { run in run(arguments, environment) }
    }

    /// Runs a program on the terminal through `run`.
    public typealias ForegroundRunner = (_ arguments: [String], _ environment: [String: String])
        -> Result<Int32, ForegroundProgram.LaunchError>

    /// Runs several programs on the terminal one after another (a command, then a pager for its
    /// output) in one hand-over: the screen is given back once, before the first, and taken again
    /// once, after the last, so nothing flashes between them. Headless, the programs just run.
    public func runInForeground<Outcome>(_ work: (_ run: ForegroundRunner) -> Outcome) -> Outcome {
        guard let session else {
            return work { ForegroundProgram.run($0, environment: $1, terminal: nil) }
        }
        let outcome = session.handOver {
            work { ForegroundProgram.run($0, environment: $1, terminal: session.terminalDescriptor) }
        }
        screenWasLost()
        return outcome
    }

    /// Turns mouse reporting on or off.
    public func setMouseCapture(_ enabled: Bool) {
        session?.setMouseCapture(enabled)
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
        guard let session else { return }
        let size = session.updateSize()
        handler?(.resize(size))
        scheduler?.renderNow()
    }

    private func continued() {
        guard let session else { return }
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
            guard let self, self.session?.continueAfterStop() == true else { return }
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
        startReading()
        windowResized()
    }

    /// End of file or EIO on the terminal: it hung up, unless the process runs
    /// in the background (continued without `fg`; its SIGCONT may not have been
    /// handled yet), where reads fail until `fg`. The reader starts again then,
    /// in `screenWasLost()`. Headless, the input's end is a hang-up.
    private func inputEnded() {
        if let session, session.isWaitingForTerminal || !session.isInForeground { return }
        quit(128 + SIGHUP)
    }

    private func shutDown() {
        if isReading { input.stop() }
        isReading = false
        scheduler?.stop()
        for timer in timers { timer.cancel() }
        timers.removeAll()
        session?.leave()
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
