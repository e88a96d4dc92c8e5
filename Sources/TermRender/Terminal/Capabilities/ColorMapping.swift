/// Maps a `Color` to the colour number a terminal with a given capability understands.
///
/// Numbers follow terminfo: 0–15 ANSI, 16–255 the xterm palette, and for
/// direct-colour terminals `0xRRGGBB`; `-1` is the terminal's default colour.
/// Choosing the nearest colour the terminal has is `ColorCapability.degrade`'s job.
public enum ColorMapping {
    /// The terminal colour number for `color`, or -1 for the default colour.
    public static func terminalColor(for color: Color, capability: ColorCapability) -> Int32 {
        switch capability.degrade(color) {
        case .default: return -1
        case .ansi(let index): return Int32(index)
        case .indexed(let index):
            guard capability == .trueColor, index >= 16 else { return Int32(index) }
            let (r, g, b) = Palette.rgb(of: .indexed(index))
            return Int32(r) << 16 | Int32(g) << 8 | Int32(b)
        case .rgb(let r, let g, let b):
            return Int32(r) << 16 | Int32(g) << 8 | Int32(b)
        }
    }
}
