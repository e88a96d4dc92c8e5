/// An input source fed by the program itself instead of a terminal: a test types
/// bytes, they go through the same `InputDecoder` as a terminal's, and the events
/// are delivered at once, one batch per call, as `TerminalInputReader` would.
///
/// There is no escape timeout to wait for: each call is a complete burst, so a
/// lone ESC at its end is resolved immediately.
@MainActor
public final class ScriptedInput: InputSource {
    private var decoder = InputDecoder()
    private var deliver: (@MainActor ([InputEvent]) -> Void)?
    private var hangup: (@MainActor () -> Void)?

    public init() {}

    public func start(deliver: @escaping @MainActor ([InputEvent]) -> Void, hangup: @escaping @MainActor () -> Void) {
        self.deliver = deliver
        self.hangup = hangup
    }

    public func stop() {
        deliver = nil
        hangup = nil
    }

    /// Delivers the events of `bytes`, as if they arrived in one read.
    public func send(_ bytes: [UInt8]) {
        let events = decoder.decode(bytes[...]) + decoder.flush()
        if !events.isEmpty { deliver?(events) }
    }

    /// Types `text` as a terminal would send it (UTF-8; write "\u{1B}[A" for Up).
    public func type(_ text: String) {
        send(Array(text.utf8))
    }

    /// Delivers one key press per call, each in its own batch, as a person types.
    public func press(_ keys: KeyPress...) {
        for key in keys { deliver?([.key(key)]) }
    }

    /// Delivers events that have no byte form here (a resize).
    public func send(events: [InputEvent]) {
        if !events.isEmpty { deliver?(events) }
    }

    /// The input is gone (like a terminal hang-up).
    public func hangUp() {
        hangup?()
    }
}
