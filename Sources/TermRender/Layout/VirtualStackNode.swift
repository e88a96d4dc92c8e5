/// Lays out a `VirtualStack`: resolves the scroll asked for, then builds and draws only the items
/// that meet the viewport. Work per frame is bounded by the viewport's height plus the rows
/// scrolled, never by the number of items.
final class VirtualStackNode: LayoutNode {
    let itemCount: Int
    let spacing: Int
    let binding: Binding<VirtualScrollState>
    let showsIndicator: Bool
    let indicatorStyle: Style
    let makeItem: @MainActor (Int) -> LayoutNode
    /// Items built this frame, by index (nodes are rebuilt every frame anyway).
    private var built: [Int: LayoutNode] = [:]

    init(itemCount: Int, spacing: Int, binding: Binding<VirtualScrollState>, showsIndicator: Bool, indicatorStyle: Style,
         makeItem: @escaping @MainActor (Int) -> LayoutNode) {
        self.itemCount = itemCount
        self.spacing = spacing
        self.binding = binding
        self.showsIndicator = showsIndicator
        self.indicatorStyle = indicatorStyle
        self.makeItem = makeItem
    }

    override var debugLabel: String { "VirtualStack items=\(itemCount)" }

    private func node(_ index: Int) -> LayoutNode {
        if let node = built[index] { return node }
        let node = makeItem(index)
        built[index] = node
        return node
    }

    /// Rows item `index` takes at `width`, the gap below it included (except after the last).
    private func height(_ index: Int, width: Int) -> Int {
        let own = node(index).sizeThatFits(ProposedSize(width: width, height: nil)).height
        return index < itemCount - 1 ? own + spacing : own
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let width = proposal.width.flatMap { $0 >= ProposedSize.unlimited ? nil : $0 } ?? 0
        if let height = proposal.height { return Size(width: width, height: height) }
        // Asked for an ideal height: the items up to one large screen, never all of them.
        var total = 0
        var index = 0
        while index < itemCount, total < 1_000 {
            total += height(index, width: width)
            index += 1
        }
        return Size(width: width, height: total)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        var state = binding.wrappedValue
        let indicator = showsIndicator && rect.width > 1 && overflows(width: rect.width - 1, height: rect.height)
        let width = indicator ? rect.width - 1 : rect.width
        resolve(&state, width: width, viewport: rect.height)

        var y = rect.minY - state.rowInItem
        var index = state.firstItem
        context.clipped(to: Rect(x: rect.minX, y: rect.minY, width: width, height: rect.height)) { context in
            while index < itemCount, y < rect.maxY {
                let itemHeight = height(index, width: width)
                let own = node(index).sizeThatFits(ProposedSize(width: width, height: nil)).height
                node(index).draw(in: Rect(x: rect.minX, y: y, width: width, height: own), context: &context)
                y += itemHeight
                index += 1
            }
        }
        if indicator { drawIndicator(rect: rect, state: state, context: &context) }
        if binding.wrappedValue != state { binding.wrappedValue = state }
    }

    /// Whether the items need more rows than `height` (looking no further than that).
    private func overflows(width: Int, height: Int) -> Bool {
        var total = 0
        for index in 0..<itemCount {
            total += self.height(index, width: width)
            if total > height { return true }
        }
        return false
    }

    /// Applies the pending scroll and keeps the viewport filled: never past the last row.
    private func resolve(_ state: inout VirtualScrollState, width: Int, viewport: Int) {
        state.itemCount = itemCount
        state.viewportHeight = viewport
        guard itemCount > 0 else {
            state = VirtualScrollState()
            return
        }
        state.firstItem = min(max(0, state.firstItem), itemCount - 1)
        state.rowInItem = min(max(0, state.rowInItem), max(0, height(state.firstItem, width: width) - 1))
        if state.pendingBottom {
            state.firstItem = itemCount - 1
            state.rowInItem = max(0, height(itemCount - 1, width: width) - 1)
            state.pendingRows = 0
        }
        var rows = state.pendingRows
        while rows > 0 {
            let left = height(state.firstItem, width: width) - state.rowInItem
            if rows < left {
                state.rowInItem += rows
                rows = 0
            } else if state.firstItem + 1 < itemCount {
                rows -= left
                state.firstItem += 1
                state.rowInItem = 0
            } else {
                state.rowInItem = max(0, height(state.firstItem, width: width) - 1)
                rows = 0
            }
        }
        while rows < 0 {
            if -rows <= state.rowInItem {
                state.rowInItem += rows
                rows = 0
            } else if state.firstItem > 0 {
                rows += state.rowInItem + 1
                state.firstItem -= 1
                state.rowInItem = max(0, height(state.firstItem, width: width) - 1)
            } else {
                state.rowInItem = 0
                rows = 0
            }
        }
        state.pendingRows = 0
        state.pendingBottom = false
        pullBackToFill(&state, width: width, viewport: viewport)
    }

    /// If the rows from the scroll position to the end do not fill the viewport, moves the position
    /// up so the last row sits at the bottom (or to the top when everything fits).
    private func pullBackToFill(_ state: inout VirtualScrollState, width: Int, viewport: Int) {
        var below = height(state.firstItem, width: width) - state.rowInItem
        var index = state.firstItem + 1
        while below < viewport, index < itemCount {
            below += height(index, width: width)
            index += 1
        }
        var missing = viewport - below
        while missing > 0 {
            if state.rowInItem > 0 {
                let step = min(missing, state.rowInItem)
                state.rowInItem -= step
                missing -= step
            } else if state.firstItem > 0 {
                state.firstItem -= 1
                state.rowInItem = height(state.firstItem, width: width)
            } else {
                break
            }
        }
    }

    /// Up to this many items are all measured for the scroll bar, which then shows rows exactly,
    /// as `ScrollView`'s does; beyond it the bar follows the first item shown out of all items.
    static let exactBarItems = 200

    /// The scroll bar: thumb size and place from rows when the items are few, else from items.
    private func drawIndicator(rect: Rect, state: VirtualScrollState, context: inout DrawContext) {
        let height = rect.height
        let width = rect.width - 1
        let thumb: Int
        let thumbTop: Int
        if itemCount <= Self.exactBarItems {
            let heights = (0..<itemCount).map { self.height($0, width: width) }
            let content = heights.reduce(0, +)
            let offset = heights.prefix(state.firstItem).reduce(0, +) + state.rowInItem
            thumb = max(1, height * height / max(1, content))
            thumbTop = (height - thumb) * offset / max(1, content - height)
        } else {
            thumb = 1
            let atEnd = isAtBottom(state, width: width, viewport: height)
            thumbTop = atEnd ? height - thumb : (height - thumb) * state.firstItem / max(1, itemCount - 1)
        }
        for row in 0..<height {
            let inThumb = row >= thumbTop && row < thumbTop + thumb
            context.put(Glyph(text: inThumb ? "┃" : "│", width: 1), at: Point(x: rect.maxX - 1, y: rect.minY + row), style: indicatorStyle)
        }
    }

    private func isAtBottom(_ state: VirtualScrollState, width: Int, viewport: Int) -> Bool {
        var below = height(state.firstItem, width: width) - state.rowInItem
        var index = state.firstItem + 1
        while below <= viewport, index < itemCount {
            below += height(index, width: width)
            index += 1
        }
        return below <= viewport
    }
}
