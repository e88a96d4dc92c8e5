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
