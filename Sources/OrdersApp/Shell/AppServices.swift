import Foundation

/// The outside world the shell's effects reach, injected so a test can run the
/// whole app in-process: where terminal-bound bytes (the clipboard's OSC 52) go,
/// and how an export file is written.
public struct AppServices {
    /// Writes an export file: opens `path`, lets `produce` write through the given
    /// function, and returns its count (`orders export` uses the same writer).
    public typealias FileWriter = @Sendable (_ path: String, _ produce: (_ write: (String) throws -> Void) async throws -> Int)
        async throws -> Int

    /// Sends bytes straight to the terminal, outside the frame (the frame has been
    /// flushed by the time an effect runs, so they cannot interleave with drawing).
    public var sendToTerminal: @MainActor (String) -> Void
    public var writeFile: FileWriter
    /// The process environment (TMUX decides how OSC 52 is wrapped; TERM and the locale pick glyphs).
    public var environment: [String: String]
    /// Runs an action after a delay (a notice's expiry): the application's timers unless a
    /// test keeps time still, so a slow machine cannot take a notice down mid-assertion.
    public var schedule: (@MainActor (_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> Void)?

    public init(sendToTerminal: @escaping @MainActor (String) -> Void, writeFile: @escaping FileWriter,
                environment: [String: String],
                schedule: (@MainActor (_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> Void)? = nil) {
        self.sendToTerminal = sendToTerminal
        self.writeFile = writeFile
        self.environment = environment
        self.schedule = schedule
    }

    /// Standard output for terminal bytes.
    public static func standardOutput(writeFile: @escaping FileWriter, environment: [String: String]) -> AppServices {
        AppServices(sendToTerminal: { FileHandle.standardOutput.write(Data($0.utf8)) }, writeFile: writeFile,
                    environment: environment)
    }
}
