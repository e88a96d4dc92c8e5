import Testing
@testable import TermRender

@Suite struct ColorTests {
    @Test(arguments: [
        (["TERM": "xterm-256color", "NO_COLOR": "1", "COLORTERM": "truecolor"], 256, ColorCapability.none),
        (["TERM": "xterm-256color", "NO_COLOR": ""], 256, .indexed256),
        (["TERM": "dumb"], nil, .none),
        ([:], nil, .none),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], 256, .trueColor),
        (["TERM": "tmux-256color", "COLORTERM": "24bit"], nil, .trueColor),
        (["TERM": "xterm-256color"], 256, .indexed256),
        (["TERM": "xterm-256color"], nil, .indexed256),
        (["TERM": "xterm"], 8, .ansi8),
        (["TERM": "xterm-16color"], 16, .ansi16),
        (["TERM": "xterm-direct"], nil, .trueColor),
        (["TERM": "xterm-direct"], 16_777_216, .trueColor),
        (["TERM": "vt100"], -1, .none),
        // COLORTERM does not add colours a terminfo entry cannot send (screen under a truecolor terminal).
        (["TERM": "screen", "COLORTERM": "truecolor"], 8, .ansi8),
        (["TERM": "xterm-16color", "COLORTERM": "truecolor"], 16, .ansi16),
        (["TERM": "screen-256color", "COLORTERM": "truecolor"], 256, .trueColor),
    ] as [([String: String], Int?, ColorCapability)])
    func detection(environment: [String: String], colors: Int?, expected: ColorCapability) {
        #expect(ColorCapability.detect(environment: environment, terminfoColors: colors) == expected)
    }

    @Test func degradationChain() {
        let orange = Color.rgb(255, 135, 0)
        #expect(ColorCapability.trueColor.degrade(orange) == orange)
        #expect(ColorCapability.indexed256.degrade(orange) == .indexed(208))
        // Nearest by weighted distance: (205,205,0) beats bright yellow and red.
        #expect(ColorCapability.ansi16.degrade(orange) == .ansi(3))
        #expect(ColorCapability.ansi8.degrade(orange) == .ansi(3))
        #expect(ColorCapability.none.degrade(orange) == .default)
        #expect(ColorCapability.indexed256.degrade(Color.rgb(128, 128, 128)) == .indexed(244))
        #expect(ColorCapability.ansi16.degrade(Color.indexed(9)) == .ansi(9))
        #expect(ColorCapability.ansi8.degrade(Color.brightRed) == .red)
        #expect(ColorCapability.ansi16.degrade(Color.indexed(21)) == .ansi(4))
        #expect(ColorCapability.ansi16.degrade(Color.default) == .default)
        let style = Style(foreground: .rgb(0, 0, 0), background: .red, attributes: [.bold, .reverse])
        #expect(ColorCapability.none.degrade(style) == Style(attributes: [.bold, .reverse]))
    }

    /// Every style of a colour theme, by name, to check each one's degradation.
    static func styles(of theme: Theme) -> [String: Style] {
        ["text": theme.text, "secondaryText": theme.secondaryText, "accent": theme.accent, "selection": theme.selection,
         "selectedRow": theme.selectedRow, "header": theme.header, "border": theme.border, "title": theme.title,
         "success": theme.success, "warning": theme.warning, "danger": theme.danger, "info": theme.info,
         "placeholder": theme.placeholder, "backdrop": theme.backdrop]
    }

    /// TERM=screen, xterm, rxvt and linux have 8 colours: bright black, the dark theme's grey for
    /// tabs, counts, the footer and the status bar, must not become black on the default background.
    @Test("no theme text degrades to black unless black was asked for", arguments: [
        ColorCapability.ansi8, .ansi16, .indexed256, .trueColor,
    ])
    func noTextTurnsBlack(capability: ColorCapability) {
        for theme in [Theme.dark, .light] {
            for (name, style) in Self.styles(of: theme) where style.foreground != .black {
                let degraded = capability.degrade(style)
                #expect(degraded.foreground != .black, "\(name) at \(capability)")
                #expect(degraded.background == capability.degrade(style.background), "\(name) at \(capability)")
            }
        }
    }

    @Test("on 8 colours grey text is the default foreground, dimmed; bright colours their base colour")
    func eightColourGreys() {
        #expect(ColorCapability.ansi8.degrade(Theme.dark.secondaryText) == Style(attributes: .dim))
        #expect(ColorCapability.ansi8.degrade(Theme.dark.placeholder) == Style(attributes: [.italic, .dim]))
        #expect(ColorCapability.ansi8.degrade(Theme.dark.accent) == Style(foreground: .cyan, attributes: .bold))
        #expect(ColorCapability.ansi8.degrade(Theme.dark.selectedRow) == Style(foreground: .white, background: .blue))
        // A dark grey of the 256 palette comes out black on 16 colours too.
        #expect(ColorCapability.ansi16.degrade(Style(foreground: .indexed(235))) == Style(attributes: .dim))
        #expect(ColorCapability.ansi16.degrade(Theme.dark.secondaryText) == Theme.dark.secondaryText)
        // Black asked for stays black (the light theme's title, a black label on a colour bar).
        #expect(ColorCapability.ansi8.degrade(Style(foreground: .black, background: .cyan))
            == Style(foreground: .black, background: .cyan))
        #expect(ColorCapability.ansi8.degrade(Style(foreground: .rgb(0, 0, 0))) == Style(foreground: .black))
    }

    @Test func everyThemeMarksTheSelectionWithReverseVideo() {
        for theme in [Theme.dark, .light, .monochrome] {
            #expect(theme.selection.attributes.contains(.reverse))
        }
        #expect(Theme.monochrome == Theme.standard(for: .none))
        let mono = Theme.monochrome
        let colours = [mono.text, mono.secondaryText, mono.accent, mono.selection, mono.header, mono.border, mono.title,
                       mono.success, mono.warning, mono.danger, mono.info, mono.placeholder, mono.backdrop]
        #expect(colours.allSatisfy { $0.foreground == .default && $0.background == .default })
    }
}
