extension OrderListModel {
    /// The rows a table of `height` lines shows: the same first order as last time
    /// when it is still shown (so rows arriving above do not shift the view), moved
    /// just enough to keep the selection in sight, clamped at both ends.
    public func visibleWindow(height: Int) -> Range<Int> {
        _ = revision
        guard height > 0, !visible.isEmpty else { return 0..<0 }
        var top = 0
        if let anchor = scrollAnchor {
            if visible.indices.contains(anchor.position), visible[anchor.position] == anchor.slot {
                top = anchor.position
            } else if let position = visible.firstIndex(of: anchor.slot) {
                top = position
            } else {
                top = anchor.position
            }
        }
        if let selectedIndex {
            if selectedIndex < top { top = selectedIndex }
            if selectedIndex >= top + height { top = selectedIndex - height + 1 }
        }
        top = max(0, min(top, visible.count - height))
        scrollAnchor = (top, visible[top])
        return top..<min(top + height, visible.count)
    }
}
