/// The marks drawn in the list's mark column; ASCII on terminals without Unicode line art (vt100).
public struct ListGlyphs: Hashable, Sendable {
    public var flagged: String
    public var marked: String
    public var changed: String

    public init(flagged: String, marked: String, changed: String) {
        self.flagged = flagged
        self.marked = marked
        self.changed = changed
    }

    public static let unicode = ListGlyphs(flagged: "⚑", marked: "●", changed: "↻")
    public static let ascii = ListGlyphs(flagged: "!", marked: "*", changed: "~")
}
