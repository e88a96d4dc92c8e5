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
    public mutating func scrollToTop() { offset = 0 }
    public mutating func scrollToBottom() { offset = maxOffset }
}

/// Shows a window onto content taller than the space it has, such as long wrapped text.
///
/// The content is offered the full width (less one column for the scroll bar when it overflows)
/// and unlimited height; rows above the offset and below the viewport are clipped away.
public struct ScrollView<Content: View>: View, PrimitiveView {
    let content: Content
    let state: ScrollState
    let binding: Binding<ScrollState>?
    let showsIndicator: Bool

    /// A scroll view whose position lives in `state`; it writes back the clamped offset and the sizes.
    public init(state: Binding<ScrollState>, showsIndicator: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.state = state.wrappedValue
        self.binding = state
        self.showsIndicator = showsIndicator
    }

    /// A scroll view showing content from row `offset` (clamped), writing nothing back.
    public init(offset: Int, showsIndicator: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.state = ScrollState(offset: offset)
        self.binding = nil
        self.showsIndicator = showsIndicator
    }

    public var body: Never { fatalError("ScrollView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        var inner = context
        inner.stackAxis = .vertical
        let child = content.resolveSingle(inner)
        nodes.append(ScrollNode(child: child, state: state, binding: binding, showsIndicator: showsIndicator, indicatorStyle: context.environment.theme.border))
    }
}

final class ScrollNode: LayoutNode {
    let child: LayoutNode
    let state: ScrollState
    let binding: Binding<ScrollState>?
    let showsIndicator: Bool
    let indicatorStyle: Style

    init(child: LayoutNode, state: ScrollState, binding: Binding<ScrollState>?, showsIndicator: Bool, indicatorStyle: Style) {
        self.child = child
        self.state = state
        self.binding = binding
        self.showsIndicator = showsIndicator
        self.indicatorStyle = indicatorStyle
    }

    override var debugLabel: String { "ScrollView offset=\(state.offset)" }
    override var debugChildren: [LayoutNode] { [child] }

    override func measure(_ proposal: ProposedSize) -> Size {
        let finiteWidth = proposal.width.flatMap { $0 >= ProposedSize.unlimited ? nil : $0 }
        let content = child.sizeThatFits(ProposedSize(width: finiteWidth, height: nil))
        let width = finiteWidth ?? content.width
        let height = proposal.height.flatMap { $0 >= ProposedSize.unlimited ? nil : $0 } ?? content.height
        return Size(width: width, height: height)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        var contentWidth = rect.width
        var contentHeight = child.sizeThatFits(ProposedSize(width: contentWidth, height: nil)).height
        let overflows = contentHeight > rect.height
        let indicator = showsIndicator && overflows && rect.width > 1
        if indicator {
            contentWidth -= 1
            contentHeight = child.sizeThatFits(ProposedSize(width: contentWidth, height: nil)).height
        }
        var current = state
        current.contentHeight = contentHeight
        current.viewportHeight = rect.height
        current.clamp()
        if let binding, binding.wrappedValue != current { binding.wrappedValue = current }

        let contentRect = Rect(x: rect.minX, y: rect.minY - current.offset, width: contentWidth, height: contentHeight)
        context.clipped(to: Rect(x: rect.minX, y: rect.minY, width: contentWidth, height: rect.height)) { context in
            child.draw(in: contentRect, context: &context)
        }
        if indicator {
            let height = rect.height
            let thumb = max(1, height * height / max(1, contentHeight))
            let thumbTop = (height - thumb) * current.offset / max(1, current.maxOffset)
            for row in 0..<height {
                let inThumb = row >= thumbTop && row < thumbTop + thumb
                context.put(Glyph(text: inThumb ? "┃" : "│", width: 1), at: Point(x: rect.maxX - 1, y: rect.minY + row), style: indicatorStyle)
            }
        }
    }
}
