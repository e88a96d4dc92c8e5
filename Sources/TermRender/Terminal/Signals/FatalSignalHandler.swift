import Glibc
import Synchronization

/// Ends the program when a fatal signal arrives while the terminal is taken
/// over, whether the CPU raised it (a fault, a Swift trap) or another process
/// sent it with `kill`: terminal restored, a report on the normal screen, and
/// the process gone with status 128+N within two seconds.
///
/// The handler, in order, using only async-signal-safe calls:
/// 1. gives the terminal back (`EmergencyRestore.restoreNow`) and writes one
///    report line to standard error;
/// 2. arms a watchdog: `SIGALRM` after `reportDeadline`, unblocked on this
///    thread, whose handler `_exit`s with 128+N. Swift's backtracer pauses every
///    other thread with all signals blocked, so a watchdog thread could not run;
///    the crashing thread itself is always interruptible (waiting for the
///    backtracer process, or for a thread that never pauses);
/// 3. calls the previous handler (Swift's backtracer) directly, as a function,
///    so that it returns here rather than to the interrupted code. Re-raising
///    instead would only work for a real fault, which happens again when the
///    handler returns; a signal sent by `kill` does not, and the backtracer
///    returning to the program left it running with the terminal given back;
/// 4. restores the default action, unblocks the signal and raises it: the
///    process ends by that signal, which a shell reports as 128+N.
enum FatalSignalHandler {
    /// Faults, and the signals that stand for one. SIGQUIT is not here: it is a
    /// request to quit, handled by `Application` like SIGTERM (a clean exit, 131).
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    /// How long the previous handler (the backtrace) may take before the
    /// watchdog ends the process; leaves room within the two-second promise.
    static let reportDeadlineMicroseconds = 1_500_000

    struct State {
        var installed = false
        /// 128+N of the first fatal signal, for the watchdog.
        var exitStatus: Int32 = 0
        var watchdogNote: SignalSafeText?
    }

    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        return pointer
    }()

    /// The report line for each signal, indexed by signal number; written when installing.
    nonisolated(unsafe) static let reportLines: UnsafeMutablePointer<SignalSafeText?> = {
        let pointer = UnsafeMutablePointer<SignalSafeText?>.allocate(capacity: 65)
        pointer.initialize(repeating: nil, count: 65)
        return pointer
    }()

    /// The actions in place before `install()`, indexed by signal number.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        pointer.initialize(repeating: sigaction(), count: 65)
        return pointer
    }()

    /// The text of the line written when `signal` arrives.
    static func reportLine(for signal: Int32, program: String) -> String {
        "\(program): fatal signal \(SignalName.of(signal)) (\(signal)); terminal restored, exiting with status \(128 + signal)\n"
    }

    /// Installs the handler for every fatal signal; the previous actions are kept to chain to.
    @MainActor
    static func install() {
        let state = self.state
        guard !state.pointee.installed else { return }
        let program = SignalName.programName
        for signal in signals where reportLines[Int(signal)] == nil {
            reportLines[Int(signal)] = SignalSafeText(reportLine(for: signal, program: program))
        }
        if state.pointee.watchdogNote == nil {
            state.pointee.watchdogNote = SignalSafeText(
                "\n\(program): the crash report did not finish in time; exiting without it\n")
        }
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = fatalHandler
            sigemptyset(&action.sa_mask)
            // Restoring the tty from a background process group must not stop the process.
            sigaddset(&action.sa_mask, SIGTTOU)
            action.sa_flags = Int32(SA_SIGINFO | SA_ONSTACK)
            sigaction(signal, &action, previousActions + Int(signal))
        }
        state.pointee.installed = true
    }

    /// Puts the previous actions back (the session ended normally).
    @MainActor
    static func uninstall() {
        let state = self.state
        guard state.pointee.installed else { return }
        for signal in signals { sigaction(signal, previousActions + Int(signal), nil) }
        state.pointee.installed = false
    }

    /// The first fatal signal; a lock-free atomic, safe to use in a handler.
    private static let firstSignal = Atomic<Int32>(0)

    private static let fatalHandler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        signal, info, context in
        let state = FatalSignalHandler.state
        guard FatalSignalHandler.firstSignal.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent).exchanged
        else {
            // Another thread is already reporting a crash and will end the process
            // (or its watchdog will): wait here rather than report twice.
            while true { pause() }
        }
        state.pointee.exitStatus = 128 + signal
        EmergencyRestore.restoreNow()
        if signal >= 0, signal < 65 { FatalSignalHandler.reportLines[Int(signal)]?.write(to: 2) }
        FatalSignalHandler.armWatchdog()
        FatalSignalHandler.callPreviousAction(signal, info, context)
        FatalSignalHandler.endWithDefaultAction(signal)
    }

    /// SIGALRM after the deadline, delivered to this thread if no other takes it.
    private static func armWatchdog() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = watchdogHandler
        sigfillset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGALRM, &action, nil)
        var alarmSet = sigset_t()
        sigemptyset(&alarmSet)
        sigaddset(&alarmSet, SIGALRM)
        pthread_sigmask(SIG_UNBLOCK, &alarmSet, nil)
        let microseconds = reportDeadlineMicroseconds
        var timer = itimerval(
            it_interval: timeval(tv_sec: 0, tv_usec: 0),
            it_value: timeval(tv_sec: microseconds / 1_000_000, tv_usec: microseconds % 1_000_000))
        setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
    }

    private static let watchdogHandler: @convention(c) (Int32) -> Void = { _ in
        let state = FatalSignalHandler.state
        EmergencyRestore.restoreNow()
        state.pointee.watchdogNote?.write(to: 2)
        _exit(state.pointee.exitStatus == 0 ? 128 + SIGALRM : state.pointee.exitStatus)
    }

    /// Runs what was installed before (Swift's backtracer prints its report here);
    /// nothing for the default action or "ignore".
    private static func callPreviousAction(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
                                           _ context: UnsafeMutableRawPointer?) {
        guard signal > 0, signal < 65 else { return }
        let previous = previousActions[Int(signal)]
        let address = unsafeBitCast(previous.__sigaction_handler, to: UInt.self)
        // SIG_DFL is 0 and SIG_IGN is 1: nothing to call.
        guard address > 1 else { return }
        if previous.sa_flags & Int32(SA_SIGINFO) != 0 {
            previous.__sigaction_handler.sa_sigaction?(signal, info, context)
        } else {
            previous.__sigaction_handler.sa_handler?(signal)
        }
    }

    /// Ends the process by `signal` with its default action (the status a shell
    /// shows is 128+N); `_exit` with that status should the default not end it.
    private static func endWithDefaultAction(_ signal: Int32) -> Never {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = nil  // SIG_DFL
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        _exit(128 + signal)
    }
}
