/// The escape sequences that switch the terminal's input modes on and off.
///
/// ncurses does not manage these (it is used for output only), so the session
/// sends them itself: `enable` on entry and after a resume, `disable` in
/// reverse order on every way out.
public struct TerminalModes: Hashable, Sendable {
    public var capabilities: TerminalCapabilities
    /// Whether mouse reports are wanted; ignored where the terminal has no mouse.
    public var mouseCapture: Bool

    public init(capabilities: TerminalCapabilities, mouseCapture: Bool) {
        self.capabilities = capabilities
        self.mouseCapture = mouseCapture
    }

    /// The bytes that turn the modes on.
    public var enable: String {
        var sequence = capabilities.keypadTransmit
        if capabilities.xtermModes { sequence += "\u{1B}[?2004h\u{1B}[?1004h" }
        sequence += mouseEnable
        return sequence
    }

    /// The bytes that turn every mode `enable` may have set off again, in reverse.
    /// Mouse modes are always switched off: harmless when they were never on.
    public var disable: String {
        var sequence = mouseDisable
        if capabilities.xtermModes { sequence += "\u{1B}[?1004l\u{1B}[?2004l" }
        return sequence + capabilities.keypadLocal
    }

    public var mouseEnable: String {
        guard mouseCapture, capabilities.mouse else { return "" }
        // 1006 makes reports SGR-encoded where supported; others keep X10 (1000).
        return capabilities.xtermModes ? "\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1000h"
    }

    public var mouseDisable: String {
        guard capabilities.mouse else { return "" }
        return capabilities.xtermModes ? "\u{1B}[?1006l\u{1B}[?1000l" : "\u{1B}[?1000l"
    }

    /// Wraps one frame so the terminal shows it at once (mode 2026), where understood.
    public var beginSynchronizedUpdate: String { capabilities.xtermModes ? "\u{1B}[?2026h" : "" }
    public var endSynchronizedUpdate: String { capabilities.xtermModes ? "\u{1B}[?2026l" : "" }
}
