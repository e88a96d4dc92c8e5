/// Where an `Application` gets its input events: the terminal's bytes in a real
/// program (`TerminalInputReader`), or bytes a test types (`ScriptedInput`).
@MainActor
public protocol InputSource: AnyObject {
    /// Starts delivering events, in order, in batches; `hangup` once the input is gone for good.
    func start(deliver: @escaping @MainActor ([InputEvent]) -> Void, hangup: @escaping @MainActor () -> Void)
    /// Stops delivering; nothing arrives after this returns.
    func stop()
}
