/// Maps a `Color` to the colour number a terminal with a given capability understands.
///
/// Numbers follow terminfo: 0–15 ANSI, 16–255 the xterm palette, and for
/// direct-colour terminals `0xRRGGBB`; `-1` is the terminal's default colour.
public enum ColorMapping {
    /// The terminal colour number for `color`, or -1 for the default colour.
    public static func terminalColor(for color: Color, capability: ColorCapability) -> Int32 {
        switch (color, capability) {
        case (.default, _), (_, .none):
            return -1
        case (.ansi(let index), .ansi8):
            return Int32(index & 7)
        case (.ansi(let index), _):
            return Int32(index & 15)
        case (.indexed(let index), .trueColor) where index >= 16:
            let (r, g, b) = rgb(ofIndexed: Int(index))
            return Int32(r) << 16 | Int32(g) << 8 | Int32(b)
        case (.indexed(let index), .indexed256):
            return Int32(index)
        case (.indexed(let index), _):
            if index < 16 { return capability == .ansi8 ? Int32(index & 7) : Int32(index) }
            let (r, g, b) = rgb(ofIndexed: Int(index))
            return Int32(nearestANSI(r, g, b, count: capability == .ansi8 ? 8 : 16))
        case (.rgb(let r, let g, let b), .trueColor):
            return Int32(r) << 16 | Int32(g) << 8 | Int32(b)
        case (.rgb(let r, let g, let b), .indexed256):
            return Int32(nearestIndexed(r, g, b))
        case (.rgb(let r, let g, let b), _):
            return Int32(nearestANSI(Int(r), Int(g), Int(b), count: capability == .ansi8 ? 8 : 16))
        }
    }

    /// xterm's default values for the 16 ANSI colours.
    static let ansiPalette: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
    ]

    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The RGB value xterm gives a palette index.
    static func rgb(ofIndexed index: Int) -> (Int, Int, Int) {
        switch index {
        case 0..<16: return ansiPalette[index]
        case 16..<232:
            let cube = index - 16
            return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
        default:
            let level = 8 + 10 * (index - 232)
            return (level, level, level)
        }
    }

    /// The closest palette entry in 16–255 (the 6×6×6 cube or the grey ramp).
    static func nearestIndexed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        func cubeStep(_ value: Int) -> Int {
            value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
        }
        let (ri, gi, bi) = (cubeStep(Int(r)), cubeStep(Int(g)), cubeStep(Int(b)))
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyStep = average > 238 ? 23 : max(average - 3, 0) / 10
        let greyIndex = 232 + greyStep
        let target = (Int(r), Int(g), Int(b))
        return distance(rgb(ofIndexed: greyIndex), target) < distance(rgb(ofIndexed: cubeIndex), target)
            ? greyIndex : cubeIndex
    }

    static func nearestANSI(_ r: Int, _ g: Int, _ b: Int, count: Int) -> Int {
        var best = 0
        var bestDistance = Int.max
        for index in 0..<count {
            let d = distance(ansiPalette[index], (r, g, b))
            if d < bestDistance { best = index; bestDistance = d }
        }
        return best
    }

    /// Squared distance weighted roughly by how sensitive the eye is to each channel.
    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return 3 * dr * dr + 4 * dg * dg + 2 * db * db
    }
}
