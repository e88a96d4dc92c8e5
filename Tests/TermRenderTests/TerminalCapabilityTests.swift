import Testing
@testable import TermRender

@Suite("Terminal capabilities and modes")
struct TerminalCapabilityTests {
    @Test("colour counts map to capabilities", arguments: [
        (0, ColorCapability.none), (2, .none), (8, .ansi8), (16, .ansi16), (88, .ansi16), (256, .indexed256),
        (0x100_0000, .trueColor),
    ])
    func colorCount(count: Int, expected: ColorCapability) {
        #expect(ColorCapability(colorCount: count) == expected)
    }

    @Test("colours degrade to the nearest the terminal has", arguments: [
        (Color.default, ColorCapability.trueColor, Int32(-1)),
        (.red, .none, -1),
        (.red, .ansi8, 1),
        (.brightRed, .ansi8, 1),
        (.brightRed, .ansi16, 9),
        (.indexed(196), .indexed256, 196),
        (.indexed(196), .ansi16, 9),
        (.indexed(196), .trueColor, 0xFF0000),
        (.indexed(244), .ansi16, 8),
        (.rgb(255, 0, 0), .indexed256, 196),
        (.rgb(0x12, 0x34, 0x56), .trueColor, 0x123456),
        (.rgb(128, 128, 128), .indexed256, 244),
        (.rgb(0, 0, 0), .indexed256, 16),
        (.rgb(250, 250, 250), .ansi16, 15),
        (.rgb(0, 0, 200), .ansi8, 4),
    ] as [(Color, ColorCapability, Int32)])
    func colorMapping(color: Color, capability: ColorCapability, expected: Int32) {
        #expect(ColorMapping.terminalColor(for: color, capability: capability, directColor: capability == .trueColor) == expected)
    }

    /// A direct-colour terminfo entry (xterm-direct, tmux-direct) reads only 0–7 as ANSI colours:
    /// bright black sent as 8 would be RGB 0,0,8, black. An indexed entry under `COLORTERM=truecolor`
    /// takes no number past 255, so RGB goes to the nearest palette entry there.
    @Test("direct-colour entries get RGB above 7; indexed ones under COLORTERM get palette numbers", arguments: [
        (Color.brightBlack, true, Int32(0x7F7F7F)),
        (.brightCyan, true, 0x00FFFF),
        (.cyan, true, 6),
        (.indexed(3), true, 3),
        (.indexed(244), true, 0x808080),
        (.rgb(0x12, 0x34, 0x56), true, 0x123456),
        (.default, true, -1),
        (.brightBlack, false, 8),
        (.indexed(244), false, 244),
        (.rgb(255, 0, 0), false, 196),
        (.default, false, -1),
    ] as [(Color, Bool, Int32)])
    func trueColorNumbering(color: Color, directColor: Bool, expected: Int32) {
        #expect(ColorMapping.terminalColor(for: color, capability: .trueColor, directColor: directColor) == expected)
    }

    @Test("the palette's own colours map back to themselves")
    func paletteRoundTrip() {
        for index in 16...255 {
            let (r, g, b) = Palette.rgb(of: .indexed(UInt8(index)))
            let mapped = Palette.nearestIndexed(r, g, b)
            #expect(Palette.rgb(of: .indexed(mapped)) == Palette.rgb(of: .indexed(UInt8(index))), "index \(index)")
        }
    }

    @Test("xterm-like terminals get every mode; linux and vt100 only what they understand")
    func modes() {
        let xterm = TerminalCapabilities.detect(term: "xterm-256color", colorCount: 256, hasMouseKey: true,
                                                keypadTransmit: "\u{1B}[?1h\u{1B}=", keypadLocal: "\u{1B}[?1l\u{1B}>")
        let modes = TerminalModes(capabilities: xterm, mouseCapture: true)
        #expect(modes.enable == "\u{1B}[?1h\u{1B}=\u{1B}[?2004h\u{1B}[?1004h\u{1B}[?1000h\u{1B}[?1006h")
        #expect(modes.disable == "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1l\u{1B}>")
        #expect(modes.beginSynchronizedUpdate == "\u{1B}[?2026h")

        let linux = TerminalCapabilities.detect(term: "linux", colorCount: 8, hasMouseKey: true)
        #expect(!linux.xtermModes)
        #expect(TerminalModes(capabilities: linux, mouseCapture: true).enable == "\u{1B}[?1000h")
        #expect(TerminalModes(capabilities: linux, mouseCapture: true).beginSynchronizedUpdate.isEmpty)

        let vt100 = TerminalCapabilities.detect(term: "vt100", colorCount: 0, hasMouseKey: false,
                                                keypadTransmit: "\u{1B}[?1h\u{1B}=", keypadLocal: "\u{1B}[?1l\u{1B}>")
        #expect(vt100.colors == .none)
        let vt100Modes = TerminalModes(capabilities: vt100, mouseCapture: true)
        #expect(vt100Modes.enable == "\u{1B}[?1h\u{1B}=")
        #expect(vt100Modes.disable == "\u{1B}[?1l\u{1B}>")

        let screen = TerminalCapabilities.detect(term: "screen", colorCount: 8, hasMouseKey: true)
        #expect(screen.xtermModes && screen.colors == .ansi8)
    }

    @Test("mouse capture off sends no mouse modes on entry but still resets them on exit")
    func mouseOff() {
        let xterm = TerminalCapabilities.detect(term: "tmux-256color", colorCount: 256, hasMouseKey: true)
        let modes = TerminalModes(capabilities: xterm, mouseCapture: false)
        #expect(!modes.enable.contains("1000"))
        #expect(modes.disable.hasPrefix("\u{1B}[?1006l\u{1B}[?1000l"))
    }

    @Test("unknown terminal types fall back to ones every terminfo has", arguments: [
        ("xterm-kitty", nil, ["xterm-kitty", "xterm"]),
        ("alacritty", "truecolor", ["alacritty", "xterm-256color", "xterm"]),
        ("tmux-256color", nil, ["tmux-256color", "screen-256color", "xterm-256color", "xterm"]),
        ("screen.xterm-new", nil, ["screen.xterm-new", "xterm"]),
        ("screen", nil, ["screen", "xterm"]),
        ("xterm", nil, ["xterm"]),
        ("", nil, ["dumb"]),
        ("dumb", "truecolor", ["dumb"]),
    ] as [(String, String?, [String])])
    func fallbacks(term: String, colorTerm: String?, expected: [String]) {
        #expect(TerminalCapabilities.termCandidates(for: term, colorTerm: colorTerm) == expected)
    }

    @Test("terminfo padding is removed")
    func padding() {
        #expect(NcursesBackend.removingPadding("\u{1B}[H$<5>\u{1B}[2J$<2/*>x$y") == "\u{1B}[H\u{1B}[2Jx$y")
    }

    @Test("too-small message", arguments: [
        (Size(width: 80, height: 24), nil),
        (Size(width: 79, height: 24), "terminal too small (need 80×24)"),
        (Size(width: 20, height: 5), "need 80×24"),
        (Size(width: 6, height: 5), "80×24"),
        (Size(width: 3, height: 5), "80×"),
        (Size(width: 0, height: 0), nil),
    ] as [(Size, String?)])
    func tooSmall(size: Size, message: String?) {
        let requirement = TerminalSizeRequirement(minimum: Size(width: 80, height: 24))
        #expect(requirement.message(for: size) == message)
        #expect(requirement.isSatisfied(by: size) == (size.width >= 80 && size.height >= 24))
    }
}
