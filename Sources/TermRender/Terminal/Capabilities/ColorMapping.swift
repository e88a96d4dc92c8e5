/// Maps a `Color` to the colour number a terminal with a given capability understands.
///
/// Numbers follow terminfo: 0–15 ANSI, 16–255 the xterm palette, and for direct-colour
/// terminals (`colors` is 2^24: xterm-direct, tmux-direct) 0–7 ANSI and everything above `0xRRGGBB`;
/// `-1` is the terminal's default colour. Choosing the nearest colour the terminal has is
/// `ColorCapability.degrade`'s job.
public enum ColorMapping {
    /// The terminal colour number for `color`, or -1 for the default colour.
    ///
    /// `directColor`: the terminfo entry numbers colours as RGB (its `colors` is 2^24). Only there
    /// is a colour above 7 sent as RGB: a direct entry reads 8–15 as near-black RGB values (bright
    /// black would be invisible), and an indexed entry under `COLORTERM=truecolor` refuses any
    /// number past its 256, so an RGB colour there goes to the nearest palette entry.
    public static func terminalColor(for color: Color, capability: ColorCapability, directColor: Bool) -> Int32 {
        let degraded = capability.degrade(color)
        if capability == .trueColor, directColor {
            switch degraded {
            case .default: return -1
            case .ansi(let index) where index < 8: return Int32(index)
            case .indexed(let index) where index < 8: return Int32(index)
            default:
                let (r, g, b) = Palette.rgb(of: degraded)
                return Int32(r) << 16 | Int32(g) << 8 | Int32(b)
            }
        }
        switch degraded {
        case .default: return -1
        case .ansi(let index): return Int32(index)
        case .indexed(let index): return Int32(index)
        case .rgb(let r, let g, let b): return Int32(Palette.nearestIndexed(r, g, b))
        }
    }

    /// The terminfo colour count from which colours are numbered as RGB.
    public static let directColorCount = 0x100_0000
}
