/// Where an `Application` gets its input events: the terminal's bytes in a real
/// program (`TerminalInputReader`), or bytes a test types (`ScriptedInput`).
@MainActor
public protocol InputSource: AnyObject {
    /// Starts delivering events, in order, in batches; `hangup` once the input is gone for good.
    func start(deliver: @escaping @MainActor ([InputEvent]) -> Void, hangup: @escaping @MainActor () -> Void)
    /// Stops delivering; nothing arrives after this returns.
    func stop()
    /// Delivers, now, the input that has already arrived and waits to be read: called before each
    /// frame, since keys typed ahead were pressed on the frame already on screen.
    func deliverWaitingInput()
}

extension InputSource {
    /// A source that delivers as soon as it is given input has nothing waiting.
    public func deliverWaitingInput() {}
}
