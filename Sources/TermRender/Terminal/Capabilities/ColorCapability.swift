/// How many colours a terminal can show; richer `Color`s degrade to the nearest one it has.
public enum ColorCapability: Int, Hashable, Sendable, Comparable {
    /// Monochrome (vt100): only attributes distinguish text.
    case none
    /// The 8 basic ANSI colours (linux console, screen).
    case ansi8
    /// The 16 ANSI colours, bright ones included.
    case ansi16
    /// The xterm 256-colour palette.
    case indexed256
    /// Any 24-bit colour.
    case trueColor

    /// The capability for a terminal that reports `count` colours (terminfo `colors`).
    public init(colorCount count: Int) {
        switch count {
        case ..<8: self = .none
        case 8..<16: self = .ansi8
        case 16..<256: self = .ansi16
        case 256..<0x100_0000: self = .indexed256
        default: self = .trueColor
        }
    }

    public static func < (lhs: ColorCapability, rhs: ColorCapability) -> Bool { lhs.rawValue < rhs.rawValue }
}
