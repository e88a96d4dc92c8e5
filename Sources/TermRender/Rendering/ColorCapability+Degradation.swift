// The `ColorCapability` type itself belongs to the terminal layer
// (Terminal/Capabilities/ColorCapability.swift); the renderer adds choosing one from the process
// environment and bringing colours down to it.
extension ColorCapability {
    /// The capability for a process environment and the terminfo `colors` count (nil when unknown).
    ///
    /// `NO_COLOR` (any non-empty value) wins; then `COLORTERM=truecolor|24bit`, but only over a
    /// terminfo entry with 256 colours or more (colours are sent through terminfo, so `TERM=screen`
    /// under a truecolor terminal still has its 8); then the terminfo count; then hints in `TERM`
    /// (`dumb`, `*-256color`, `*-direct`).
    public static func detect(environment: [String: String], terminfoColors: Int?) -> ColorCapability {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return .none }
        let counted = terminfoColors.map { ColorCapability(colorCount: $0) }
        if let colorTerm = environment["COLORTERM"]?.lowercased(), colorTerm == "truecolor" || colorTerm == "24bit",
           (counted ?? .trueColor) >= .indexed256 {
            return .trueColor
        }
        if let counted { return counted }
        if term.hasSuffix("-direct") { return .trueColor }
        if term.contains("256color") { return .indexed256 }
        return .ansi8
    }

    /// `color` as this terminal can show it: the nearest colour it has, or `.default`.
    public func degrade(_ color: Color) -> Color {
        switch (self, color) {
        case (_, .default): return .default
        case (.none, _): return .default
        case (.trueColor, _): return color
        case (.indexed256, .rgb(let r, let g, let b)): return .indexed(Palette.nearestIndexed(r, g, b))
        case (.indexed256, _): return color
        case (.ansi16, .ansi): return color
        case (.ansi16, .indexed(let index)) where index < 16: return .ansi(index)
        case (.ansi16, _):
            let (r, g, b) = Palette.rgb(of: color)
            return .ansi(Palette.nearestANSI(r, g, b, count: 16))
        case (.ansi8, .ansi(let index)):
            return .ansi(index % 8)
        case (.ansi8, .indexed(let index)) where index < 16:
            return .ansi(index % 8)
        case (.ansi8, _):
            let (r, g, b) = Palette.rgb(of: color)
            return .ansi(Palette.nearestANSI(r, g, b, count: 8))
        }
    }

    /// `style` with both colours degraded; attributes are kept, so reverse and bold survive `NO_COLOR`.
    ///
    /// A foreground that was not asked to be black but would come out black (bright black, the
    /// usual grey for secondary text, on 8 colours; a dark grey on 16) is the terminal's default
    /// foreground, dimmed instead: black text on a dark terminal's default background is invisible.
    /// Where the terminal has no dim, that text is plain, which still reads.
    public func degrade(_ style: Style) -> Style {
        var foreground = degrade(style.foreground)
        var attributes = style.attributes
        if foreground == .black, !Self.isBlack(style.foreground) {
            foreground = .default
            attributes.insert(.dim)
        }
        return Style(foreground: foreground, background: degrade(style.background), attributes: attributes)
    }

    /// Whether `color` is black itself (ANSI 0, palette 0 or 16, or RGB 0,0,0), not a grey that degrades to it.
    private static func isBlack(_ color: Color) -> Bool {
        switch color {
        case .ansi(let index): index == 0
        case .indexed(let index): index == 0 || index == 16
        case .rgb(let r, let g, let b): r == 0 && g == 0 && b == 0
        case .default: false
        }
    }
}

/// The xterm palette, for finding the nearest colour.
enum Palette {
    static let ansi: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB value a colour usually has (the terminal's default counts as mid grey).
    static func rgb(of color: Color) -> (UInt8, UInt8, UInt8) {
        switch color {
        case .default: return (127, 127, 127)
        case .ansi(let index): return ansi[Int(index % 16)]
        case .rgb(let r, let g, let b): return (r, g, b)
        case .indexed(let index):
            switch index {
            case 0..<16: return ansi[Int(index)]
            case 16..<232:
                let value = Int(index) - 16
                return (UInt8(cubeLevels[value / 36]), UInt8(cubeLevels[(value / 6) % 6]), UInt8(cubeLevels[value % 6]))
            default:
                let level = UInt8(8 + 10 * (Int(index) - 232))
                return (level, level, level)
            }
        }
    }

    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        // Weighted towards green, to which eyes are most sensitive.
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    /// The nearest of the first `count` ANSI colours.
    static func nearestANSI(_ r: UInt8, _ g: UInt8, _ b: UInt8, count: Int) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for index in 0..<count {
            let d = distance((r, g, b), ansi[index])
            if d < bestDistance { (best, bestDistance) = (index, d) }
        }
        return UInt8(best)
    }

    /// The nearest colour of the 256-colour cube or grey ramp (indices 16–255).
    static func nearestIndexed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func cubeIndex(_ value: UInt8) -> Int {
            var best = 0
            for (index, level) in cubeLevels.enumerated() where abs(level - Int(value)) < abs(cubeLevels[best] - Int(value)) {
                best = index
            }
            return best
        }
        let cube = 16 + 36 * cubeIndex(r) + 6 * cubeIndex(g) + cubeIndex(b)
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let grey = 232 + min(23, max(0, (average - 3) / 10))
        let cubeDistance = distance((r, g, b), rgb(of: .indexed(UInt8(cube))))
        let greyDistance = distance((r, g, b), rgb(of: .indexed(UInt8(grey))))
        return UInt8(greyDistance < cubeDistance ? grey : cube)
    }
}
