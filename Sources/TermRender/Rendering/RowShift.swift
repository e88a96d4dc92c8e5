/// A band of screen rows that moved up or down together between two frames, which the terminal
/// can move itself (a scroll region) instead of being sent every cell of every moved row again.
public struct RowShift: Hashable, Sendable {
    /// The rows the terminal scrolls, top and bottom included.
    public var region: ClosedRange<Int>
    /// How far the content moves: positive up (the list scrolled down), negative down. The rows
    /// it uncovers (at the bottom when up, at the top when down) come out blank in the default style.
    public var lines: Int

    public init(region: ClosedRange<Int>, lines: Int) {
        self.region = region
        self.lines = lines
    }
}
