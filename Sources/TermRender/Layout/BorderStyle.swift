/// The line characters of a box border.
public struct BorderStyle: Hashable, Sendable {
    public var topLeft: Character
    public var top: Character
    public var topRight: Character
    public var left: Character
    public var right: Character
    public var bottomLeft: Character
    public var bottom: Character
    public var bottomRight: Character

    public init(
        topLeft: Character, top: Character, topRight: Character, left: Character, right: Character,
        bottomLeft: Character, bottom: Character, bottomRight: Character
    ) {
        self.topLeft = topLeft
        self.top = top
        self.topRight = topRight
        self.left = left
        self.right = right
        self.bottomLeft = bottomLeft
        self.bottom = bottom
        self.bottomRight = bottomRight
    }

    public static let single = BorderStyle(topLeft: "┌", top: "─", topRight: "┐", left: "│", right: "│", bottomLeft: "└", bottom: "─", bottomRight: "┘")
    public static let rounded = BorderStyle(topLeft: "╭", top: "─", topRight: "╮", left: "│", right: "│", bottomLeft: "╰", bottom: "─", bottomRight: "╯")
    public static let double = BorderStyle(topLeft: "╔", top: "═", topRight: "╗", left: "║", right: "║", bottomLeft: "╚", bottom: "═", bottomRight: "╝")
    public static let heavy = BorderStyle(topLeft: "┏", top: "━", topRight: "┓", left: "┃", right: "┃", bottomLeft: "┗", bottom: "━", bottomRight: "┛")
    /// For terminals without line-drawing glyphs.
    public static let ascii = BorderStyle(topLeft: "+", top: "-", topRight: "+", left: "|", right: "|", bottomLeft: "+", bottom: "-", bottomRight: "+")
}
