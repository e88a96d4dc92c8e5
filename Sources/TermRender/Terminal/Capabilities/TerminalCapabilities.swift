/// What the terminal in use can do, decided from `TERM` and its terminfo entry.
///
/// Anything unsupported is simply not enabled, so the same program degrades
/// from xterm-256color down to vt100 (no colours, no mouse) without breaking.
public struct TerminalCapabilities: Hashable, Sendable {
    /// The `TERM` value the decision was made for.
    public var term: String
    public var colors: ColorCapability
    /// The terminal reports mouse events (terminfo `kmous`).
    public var mouse: Bool
    /// Xterm-style private modes are understood: bracketed paste (2004), focus
    /// reporting (1004), SGR mouse (1006) and synchronized output (2026).
    public var xtermModes: Bool
    /// Sent to switch the keypad to application mode (terminfo `smkx`), and back (`rmkx`).
    public var keypadTransmit: String
    public var keypadLocal: String

    public init(term: String, colors: ColorCapability, mouse: Bool, xtermModes: Bool,
                keypadTransmit: String = "", keypadLocal: String = "") {
        self.term = term
        self.colors = colors
        self.mouse = mouse
        self.xtermModes = xtermModes
        self.keypadTransmit = keypadTransmit
        self.keypadLocal = keypadLocal
    }

    /// A 256-colour xterm with a mouse: what a headless `Application` reports by default.
    public static let headless = TerminalCapabilities(term: "xterm-256color", colors: .indexed256, mouse: true,
                                                      xtermModes: true)

    /// The terminal types to try, in order, for a `TERM` value: the value
    /// itself, then common types any terminfo has (for a TERM such as
    /// `xterm-kitty` that the remote machine does not know). An empty or
    /// `dumb` TERM cannot drive a full-screen program and gets no fallback.
    public static func termCandidates(for term: String, colorTerm: String?) -> [String] {
        guard !term.isEmpty, term != "dumb" else { return [term.isEmpty ? "dumb" : term] }
        var candidates = [term]
        let wantsManyColors = term.contains("256") || term.contains("direct")
            || colorTerm == "truecolor" || colorTerm == "24bit"
        let family = term.split(separator: "-").first.map(String.init) ?? term
        if ["tmux", "screen"].contains(family) {
            candidates.append(wantsManyColors ? "screen-256color" : "screen")
        }
        if wantsManyColors { candidates.append("xterm-256color") }
        candidates.append("xterm")
        var seen = Set<String>()
        return candidates.filter { seen.insert($0).inserted }
    }

    /// The capabilities for a `TERM` name and what its terminfo entry reports.
    public static func detect(term: String, colorCount: Int, hasMouseKey: Bool,
                              keypadTransmit: String = "", keypadLocal: String = "",
                              environment: [String: String] = [:]) -> TerminalCapabilities {
        let family = term.split(separator: "-").first.map(String.init) ?? term
        // Terminals known to ignore or misprint xterm's private modes.
        let plainFamilies: Set<String> = ["linux", "vt52", "vt100", "vt102", "vt220", "vt320", "dumb", "ansi", "cons25"]
        let isPlain = plainFamilies.contains(family) || term.isEmpty
        return TerminalCapabilities(
            term: term,
            colors: ColorCapability.detect(environment: environment.merging(["TERM": term]) { $1 },
                                           terminfoColors: colorCount),
            mouse: hasMouseKey,
            xtermModes: !isPlain,
            keypadTransmit: keypadTransmit,
            keypadLocal: keypadLocal)
    }
}
