/// The marks drawn in the list's mark column; ASCII on terminals without Unicode line art (vt100).
public struct ListGlyphs: Hashable, Sendable {
    public var flagged: String
    public var marked: String
    public var changed: String
    /// Before an overdue order's `2d late`, so it stands out without colour too.
    public var overdue: String

    public init(flagged: String, marked: String, changed: String, overdue: String) {
        self.flagged = flagged
        self.marked = marked
        self.changed = changed
        self.overdue = overdue
    }

    public static let unicode = ListGlyphs(flagged: "⚑", marked: "●", changed: "↻", overdue: "⚠")
    public static let ascii = ListGlyphs(flagged: "!", marked: "*", changed: "~", overdue: "!")
}
