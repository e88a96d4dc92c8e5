import Glibc

/// Makes Swift's crash reports safe for a full-screen program.
public enum CrashReporting {
    /// The setting applied when the user has not chosen one.
    public static let backtraceSetting = "interactive=no"

    /// Makes sure a crash prints its backtrace and exits instead of waiting at
    /// an interactive "Press space to interact" prompt that an operator in a
    /// full-screen UI would never expect.
    ///
    /// The Swift runtime reads `SWIFT_BACKTRACE` once at process start, so when
    /// it is unset this sets it and re-executes the program in place (same pid,
    /// same arguments). Call it first thing in `main`, before any side effect;
    /// if re-executing fails the program simply carries on.
    public static func ensureNonInteractiveBacktraces() {
        guard getenv("SWIFT_BACKTRACE") == nil else { return }
        // The resolved path, not /proc/self/exe: the process name shown by ps
        // and top comes from the file name executed.
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { return }
        setenv("SWIFT_BACKTRACE", backtraceSetting, 1)
        execv(path, CommandLine.unsafeArgv)
        // Only reached if exec failed: carry on with the interactive default.
        unsetenv("SWIFT_BACKTRACE")
    }
}
