/// A terminal colour. Which of these a terminal can show is decided by its
/// `ColorCapability`; richer colours degrade to the nearest one it has.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
    case ansi(UInt8)
    /// One of the 256 indexed colours.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    public static let black = Color.ansi(0)
    public static let red = Color.ansi(1)
    public static let green = Color.ansi(2)
    public static let yellow = Color.ansi(3)
    public static let blue = Color.ansi(4)
    public static let magenta = Color.ansi(5)
    public static let cyan = Color.ansi(6)
    public static let white = Color.ansi(7)
    public static let brightBlack = Color.ansi(8)
    public static let brightRed = Color.ansi(9)
    public static let brightGreen = Color.ansi(10)
    public static let brightYellow = Color.ansi(11)
    public static let brightBlue = Color.ansi(12)
    public static let brightMagenta = Color.ansi(13)
    public static let brightCyan = Color.ansi(14)
    public static let brightWhite = Color.ansi(15)
}
