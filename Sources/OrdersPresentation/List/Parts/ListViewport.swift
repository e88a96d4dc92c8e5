/// Which rows of the list a table shows: the first one and how many fit. Kept by the
/// model and moved by what the operator does (never by drawing): just enough to keep
/// the selection in sight, clamped at both ends.
public struct ListViewport: Hashable, Sendable {
    /// The first row shown.
    public var top: Int
    /// How many rows fit (a page); 0 until the screen says.
    public var height: Int

    public init(top: Int = 0, height: Int = 0) {
        self.top = top
        self.height = height
    }

    /// This viewport at `height` rows, moved the least that shows `selection`, within `rowCount` rows.
    public func following(_ selection: Int?, rowCount: Int, height: Int) -> ListViewport {
        let height = max(0, height)
        var top = self.top
        if let selection, height > 0 {
            if selection < top { top = selection }
            if selection >= top + height { top = selection - height + 1 }
        }
        top = max(0, min(top, rowCount - height))
        return ListViewport(top: top, height: height)
    }
}
