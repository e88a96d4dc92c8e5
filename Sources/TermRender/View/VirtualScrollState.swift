/// Where a `VirtualStack` is scrolled: an item and a row inside it, not a row of the whole
/// content, so that moving never needs the height of everything above. Scrolls asked for between
/// frames are kept as pending and resolved by the view, which is where item heights are known.
public struct VirtualScrollState: Hashable, Sendable {
    /// The first item shown (partly, when `rowInItem` > 0).
    public var firstItem: Int
    /// Rows of `firstItem` scrolled off above the viewport.
    public var rowInItem: Int
    /// Rows to move at the next frame (negative: up).
    public var pendingRows: Int
    /// Whether the next frame shows the end of the content.
    public var pendingBottom: Bool
    /// Rows visible at the last frame (a page).
    public var viewportHeight: Int
    /// Items at the last frame.
    public var itemCount: Int

    public init(firstItem: Int = 0, rowInItem: Int = 0) {
        self.firstItem = firstItem
        self.rowInItem = rowInItem
        pendingRows = 0
        pendingBottom = false
        viewportHeight = 0
        itemCount = 0
    }

    /// Scrolls by `rows` (negative: up) at the next frame, stopping at either end.
    public mutating func scroll(by rows: Int) {
        if pendingBottom, rows > 0 { return }
        pendingRows += rows
    }

    /// Scrolls down one page, keeping one line of context.
    public mutating func pageDown() { scroll(by: max(1, viewportHeight - 1)) }
    /// Scrolls up one page, keeping one line of context.
    public mutating func pageUp() { scroll(by: -max(1, viewportHeight - 1)) }

    public mutating func scrollToTop() {
        self = VirtualScrollState()
    }

    public mutating func scrollToBottom() {
        pendingRows = 0
        pendingBottom = true
    }
}
