/// How far a scroll view is scrolled, kept by its owner; the view clamps it and reports sizes back.
public struct ScrollState: Hashable, Sendable {
    /// The first content row shown.
    public var offset: Int
    /// Rows of content at the last frame.
    public var contentHeight: Int
    /// Rows visible at the last frame (a page).
    public var viewportHeight: Int

    public init(offset: Int = 0, contentHeight: Int = 0, viewportHeight: Int = 0) {
        self.offset = offset
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
    }

    /// The largest offset that still fills the viewport.
    public var maxOffset: Int { max(0, contentHeight - viewportHeight) }

    /// Keeps the offset between the top and `maxOffset`.
    public mutating func clamp() {
        offset = min(max(0, offset), maxOffset)
    }

    /// Scrolls by `rows` (negative: up), clamped.
    public mutating func scroll(by rows: Int) {
        offset += rows
        clamp()
    }

    /// Scrolls down one page, keeping one line of context.
    public mutating func pageDown() { scroll(by: max(1, viewportHeight - 1)) }
    /// Scrolls up one page, keeping one line of context.
    public mutating func pageUp() { scroll(by: -max(1, viewportHeight - 1)) }
    /// Scrolls to the first row.
    public mutating func scrollToTop() { offset = 0 }
    /// Scrolls so the last row is at the bottom.
    public mutating func scrollToBottom() { offset = maxOffset }
}
