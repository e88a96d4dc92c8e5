import Glibc

/// Gives the terminal back when the process dies without running `leave()`:
/// a fatal signal (see `FatalSignalHandler`; a Swift trap is SIGILL or SIGTRAP),
/// a termination signal the main thread cannot answer, or a stray `exit()`.
///
/// Everything `restoreNow()` touches is prepared in advance in raw memory, and
/// it calls only async-signal-safe functions (`write`, `tcsetattr`, `dup2`).
enum EmergencyRestore {

    struct State {
        var armed: Int32 = 0
        var descriptor: Int32 = 1
        var resetBytes: UnsafeMutablePointer<UInt8>?
        var resetCount = 0
        var shellModes = termios()
        var hasShellModes = false
        var atexitRegistered = false
        /// The real standard error while it is redirected into `capturedErrors`.
        var savedStandardError: Int32 = -1
        /// An unlinked temporary file collecting what is written to stderr
        /// during the session (it would scribble over the UI otherwise).
        var capturedErrors: Int32 = -1
    }

    /// At most this much captured stderr (its tail) is replayed after the session.
    static let replayLimit = 64 * 1024

    /// Allocated once and never freed: a signal handler may read it at any time.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        return pointer
    }()

    /// Records the terminal modes to restore; call before the terminal is changed.
    @MainActor
    static func saveShellModes(descriptor: Int32) {
        let state = self.state
        state.pointee.descriptor = descriptor
        state.pointee.hasShellModes = tcgetattr(descriptor, &state.pointee.shellModes) == 0
    }

    /// Arms the handlers with the bytes that undo the session's terminal state.
    @MainActor
    static func arm(resetSequence: String) {
        let state = self.state
        let bytes = Array(resetSequence.utf8)
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        storage.initialize(from: bytes, count: bytes.count)
        // The old buffer is leaked on purpose: a handler running on another thread
        // might still be reading it. It happens once per session, a few dozen bytes.
        state.pointee.resetBytes = storage
        state.pointee.resetCount = bytes.count
        FatalSignalHandler.install()
        if !state.pointee.atexitRegistered {
            atexit { EmergencyRestore.restoreNow() }
            state.pointee.atexitRegistered = true
        }
        state.pointee.armed = 1
    }

    /// The terminal was restored properly: handlers go back to what they were.
    @MainActor
    static func disarm() {
        let state = self.state
        state.pointee.armed = 0
        FatalSignalHandler.uninstall()
    }

    static var isArmed: Bool { state.pointee.armed != 0 }

    /// Sends standard error to a temporary file while the UI is up, so a stray
    /// message (or a fatal error's text) does not land on the alternate screen;
    /// `releaseStandardError()` replays it on the normal screen afterwards.
    @MainActor
    static func captureStandardError() {
        let state = self.state
        guard state.pointee.capturedErrors < 0, isatty(2) == 1 else { return }
        var template = Array("/tmp/termrender-stderr-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard file >= 0 else { return }
        template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
        let saved = dup(2)
        guard saved >= 0, dup2(file, 2) >= 0 else {
            close(file)
            if saved >= 0 { close(saved) }
            return
        }
        state.pointee.savedStandardError = saved
        state.pointee.capturedErrors = file
    }

    /// Puts standard error back and copies what was captured to it.
    /// Async-signal-safe; does nothing when stderr was not captured.
    static func releaseStandardError() {
        let state = self.state
        let saved = state.pointee.savedStandardError, file = state.pointee.capturedErrors
        guard saved >= 0, file >= 0 else { return }
        state.pointee.savedStandardError = -1
        state.pointee.capturedErrors = -1
        dup2(saved, 2)
        close(saved)
        let size = lseek(file, 0, SEEK_END)
        if size > 0 {
            lseek(file, max(0, size - off_t(replayLimit)), SEEK_SET)
            var chunk: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &chunk) { buffer in
                while true {
                    let count = read(file, buffer.baseAddress, buffer.count)
                    if count <= 0 { break }
                    var offset = 0
                    while offset < count {
                        let written = write(2, buffer.baseAddress.map { $0 + offset }, count - offset)
                        if written <= 0 { break }
                        offset += written
                    }
                }
            }
        }
        close(file)
    }

    /// Restores the terminal if still armed. Async-signal-safe.
    static func restoreNow() {
        let state = self.state
        guard state.pointee.armed != 0 else { return }
        state.pointee.armed = 0
        defer { releaseStandardError() }
        if let bytes = state.pointee.resetBytes {
            var offset = 0
            while offset < state.pointee.resetCount {
                let written = write(state.pointee.descriptor, bytes + offset, state.pointee.resetCount - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        if state.pointee.hasShellModes {
            tcsetattr(state.pointee.descriptor, TCSAFLUSH, &state.pointee.shellModes)
        }
    }

    /// Puts back the tty settings saved before the session started, leaving the
    /// screen alone; used after ncurses has done its part of a normal exit.
    @MainActor
    static func restoreShellModesOnly() {
        let state = self.state
        guard state.pointee.hasShellModes else { return }
        tcsetattr(state.pointee.descriptor, TCSADRAIN, &state.pointee.shellModes)
    }
}
