import Glibc

/// Owns the terminal for the lifetime of a full-screen program: takes it over
/// on creation and gives it back, exactly once, from `leave()`.
///
/// Entering switches to the alternate screen, raw mode and no echo (ncurses),
/// then sends the input modes ncurses does not know about (bracketed paste,
/// focus reports, mouse, keypad transmit). Leaving undoes it all in reverse.
/// A crash or a stray `exit()` is covered by `EmergencyRestore`.
@MainActor
public final class TerminalSession {
    /// What the program wants from the terminal.
    public struct Options: Sendable {
        /// Report mouse clicks and wheel (where the terminal can).
        public var mouseCapture: Bool
        /// The terminal type; `nil` reads `TERM`.
        public var term: String?
        /// The terminal's input descriptor; standard input unless a program drives another tty (a benchmark's pty).
        public var inputDescriptor: Int32
        /// The terminal's output descriptor; standard output unless a program drives another tty.
        public var outputDescriptor: Int32

        public init(mouseCapture: Bool = true, term: String? = nil, inputDescriptor: Int32 = 0, outputDescriptor: Int32 = 1) {
            self.mouseCapture = mouseCapture
            self.term = term
            self.inputDescriptor = inputDescriptor
            self.outputDescriptor = outputDescriptor
        }
    }

    /// The screen the program draws to.
    public let backend: NcursesBackend
    private var modes: TerminalModes
    public private(set) var isActive = true
    /// True while stopped by Ctrl-Z; a SIGCONT then means "resume".
    private var isSuspended = false
    /// Set after `suspend()` resumes, so the SIGCONT that woke us is not handled twice.
    private var continueAlreadyHandled = false
    /// True while the screen's modes are given back (alternate screen left,
    /// mouse off) for a stop; false while the program draws.
    private var screenGivenBack = false

    /// Takes over the terminal.
    public init(options: Options = Options()) throws {
        let term = options.term ?? ProcessEnvironment.value("TERM") ?? ""
        EmergencyRestore.saveShellModes(descriptor: options.outputDescriptor)
        backend = try Self.makeBackend(
            candidates: TerminalCapabilities.termCandidates(for: term, colorTerm: ProcessEnvironment.value("COLORTERM")),
            input: options.inputDescriptor, output: options.outputDescriptor)
        modes = TerminalModes(capabilities: backend.capabilities, mouseCapture: options.mouseCapture)
        armEmergencyRestore()
        EmergencyRestore.captureStandardError()
        backend.write(modes.enable)
    }

    public var capabilities: TerminalCapabilities { backend.capabilities }

    /// The first terminal type terminfo knows, so that a TERM missing from this
    /// machine's terminfo (common over ssh) degrades instead of failing.
    private static func makeBackend(candidates: [String], input: Int32, output: Int32) throws -> NcursesBackend {
        var firstError: Error = TerminalError.unknownTerminal(candidates.first ?? "")
        for (index, candidate) in candidates.enumerated() {
            do {
                return try NcursesBackend(term: candidate, input: input, output: output)
            } catch TerminalError.unknownTerminal(let name) {
                if index == 0 { firstError = TerminalError.unknownTerminal(name) }
            }
        }
        throw firstError
    }

    /// Whether mouse reports are being requested now.
    public var mouseCapture: Bool { modes.mouseCapture }

    /// Turns mouse reporting on or off at runtime (so the terminal's own text
    /// selection works while it is off).
    public func setMouseCapture(_ enabled: Bool) {
        guard enabled != modes.mouseCapture else { return }
        modes.mouseCapture = enabled
        if isActive, !isSuspended { backend.write(enabled ? modes.mouseEnable : modes.mouseDisable) }
    }

    /// Gives the terminal back: modes off, normal screen, shell's tty settings.
    /// Safe to call any number of times, from any exit path.
    public func leave() {
        guard isActive else { return }
        isActive = false
        if !isSuspended {
            backend.write(modes.disable)
        }
        backend.end()
        EmergencyRestore.disarm()
        // ncurses restores the tty modes it saved at start; the ones saved
        // before it ran are the ground truth, so apply them too.
        EmergencyRestore.restoreShellModesOnly()
        EmergencyRestore.releaseStandardError()
    }

    /// Stops the process like Ctrl-Z in a shell, and takes the terminal again
    /// when it continues in the foreground (`fg`); the screen is repainted in full.
    /// Returns true once the terminal is taken again; false when the process
    /// was continued in the background (`bg`, or `kill -CONT`), where the
    /// terminal is not ours: `continueAfterStop()` takes it after a later `fg`.
    @discardableResult
    public func suspend() -> Bool {
        guard isActive else { return false }
        if isSuspended {
            // Waiting in the background: the terminal is already the shell's; just stop.
            raise(SIGSTOP)
            return false
        }
        giveScreenBack()
        // raise() stops this thread at once; kill(getpid()) raced with the code below.
        raise(SIGSTOP)
        guard isInForeground else { return false }
        resume()
        continueAlreadyHandled = true
        return true
    }

    /// Gives the terminal to another program for the length of `work` (an editor the operator
    /// uses, `ForegroundProgram`), as `suspend()` does for a stop: modes off, normal screen, the
    /// shell's tty settings; then takes it again, repainted in full.
    public func handOver<Result>(_ work: () -> Result) -> Result {
        guard isActive, !isSuspended else { return work() }
        giveScreenBack()
        defer { resume() }
        return work()
    }

    /// Modes off, normal screen, the shell's tty settings: the terminal as the shell had it.
    private func giveScreenBack() {
        isSuspended = true
        screenGivenBack = true
        backend.write(modes.disable)
        backend.suspend()
        EmergencyRestore.restoreShellModesOnly()
    }

    /// The terminal's descriptor, for giving it to another program (`ForegroundProgram`).
    public var terminalDescriptor: Int32 { backend.outputDescriptor }

    /// Re-takes the terminal after the process was stopped from outside
    /// (SIGSTOP, then SIGCONT): the shell will have reset the tty meanwhile.
    /// Returns false when there was nothing to do: the SIGCONT that follows
    /// our own `suspend()` (already handled there), or one that continued us in
    /// the background, where we wait, drawing nothing, until `fg` gives us the
    /// terminal (`Application` asks again until then).
    @discardableResult
    public func continueAfterStop() -> Bool {
        guard isActive else { return false }
        if continueAlreadyHandled {
            continueAlreadyHandled = false
            return false
        }
        isSuspended = true
        backend.isOutputPaused = true
        // In the background a tty mode change would stop us again (SIGTTOU) and
        // a frame would land on the shell's prompt.
        guard isInForeground else {
            giveScreenBackInBackground()
            return false
        }
        resume()
        return true
    }

    /// After a SIGSTOP, which cannot be caught, the shell shows its prompt over
    /// our screen with mouse reporting still on: give the screen back now that
    /// we run again, leaving the tty's modes (the shell's by now) alone.
    private func giveScreenBackInBackground() {
        guard !screenGivenBack else { return }
        screenGivenBack = true
        backend.write(modes.disable)
        backend.suspend(restoringLineModes: false)
    }

    /// True while stopped, or continued in the background: nothing is drawn,
    /// and reading the terminal fails (EIO) without meaning it hung up.
    public var isWaitingForTerminal: Bool { isSuspended }

    /// Whether this process's group owns the terminal now (after `fg`), or no
    /// job control is in use, so nobody else can own it.
    var isInForeground: Bool {
        let owner = tcgetpgrp(backend.outputDescriptor)
        return owner < 0 || owner == getpgrp()
    }

    private func resume() {
        guard isSuspended else { return }
        isSuspended = false
        screenGivenBack = false
        backend.resume()
        backend.write(modes.enable)
    }

    /// Reads the window size from the kernel after SIGWINCH and resizes the screen.
    @discardableResult
    public func updateSize() -> Size {
        backend.updateSize()
    }

    private func armEmergencyRestore() {
        EmergencyRestore.arm(resetSequence: modes.disable + backend.emergencyResetSequence)
    }
}
