/// The smallest drawable piece of text: printable, one or two cells wide.
///
/// A glyph is a base character plus the zero-width marks that belong to it. Its `text` is
/// always safe to send to a terminal: it holds no control, escape or bidi-override characters.
public struct Glyph: Hashable, Sendable {
    /// What to draw; never empty and never a control character.
    public var text: String
    /// Cells it occupies: 1 or 2.
    public var width: Int

    public init(text: String, width: Int) {
        self.text = text
        self.width = width
    }

    /// Replaces a code point the terminal cannot draw (unassigned, too new for glibc, C1, bidi control).
    public static let replacement = Glyph(text: "\u{FFFD}", width: 1)
    /// Marks the spot where text was cut short.
    public static let ellipsis = Glyph(text: "…", width: 1)
    /// Stands in for the left half of a wide glyph that does not fit.
    public static let space = Glyph(text: " ", width: 1)
}
