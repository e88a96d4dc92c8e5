/// Adds space around a child.
final class PaddingNode: LayoutNode {
    let child: LayoutNode
    let insets: EdgeInsets

    init(child: LayoutNode, insets: EdgeInsets) {
        self.child = child
        self.insets = insets
    }

    override var debugLabel: String { "Padding \(insets.top),\(insets.leading),\(insets.bottom),\(insets.trailing)" }
    override var debugChildren: [LayoutNode] { [child] }

    override func measure(_ proposal: ProposedSize) -> Size {
        let inner = ProposedSize(
            width: proposal.width.map { $0 >= ProposedSize.unlimited ? $0 : $0 - insets.horizontal },
            height: proposal.height.map { $0 >= ProposedSize.unlimited ? $0 : $0 - insets.vertical }
        )
        let size = child.sizeThatFits(inner)
        return Size(width: size.width + insets.horizontal, height: size.height + insets.vertical)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let inner = Rect(
            x: rect.minX + insets.leading,
            y: rect.minY + insets.top,
            width: max(0, rect.width - insets.horizontal),
            height: max(0, rect.height - insets.vertical)
        )
        guard !inner.isEmpty else { return }
        context.clipped(to: inner) { child.draw(in: inner, context: &$0) }
    }
}

/// Gives a child an exact width and/or height.
final class FixedFrameNode: LayoutNode {
    let child: LayoutNode
    let width: Int?
    let height: Int?
    let alignment: Alignment

    init(child: LayoutNode, width: Int?, height: Int?, alignment: Alignment) {
        self.child = child
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    override var debugLabel: String {
        "Frame width=\(width.map(String.init) ?? "-") height=\(height.map(String.init) ?? "-")"
    }
    override var debugChildren: [LayoutNode] { [child] }

    override func measure(_ proposal: ProposedSize) -> Size {
        if let width, let height { return Size(width: width, height: height) }
        let size = child.sizeThatFits(ProposedSize(width: width ?? proposal.width, height: height ?? proposal.height))
        return Size(width: width ?? size.width, height: height ?? size.height)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let size = child.sizeThatFits(ProposedSize(rect.size))
        let placed = alignment.place(Size(width: min(size.width, rect.width), height: min(size.height, rect.height)), in: rect)
        context.clipped(to: rect) { child.draw(in: placed, context: &$0) }
    }
}

/// Bounds a child's size between minimums and maximums, SwiftUI's flexible frame.
final class FlexibleFrameNode: LayoutNode {
    struct Limits {
        var min: Int?
        var ideal: Int?
        var max: Int?

        /// What the frame offers its child for `proposed`.
        func childProposal(_ proposed: Int?) -> Int? {
            guard var value = proposed else { return ideal }
            if let min { value = Swift.max(value, min) }
            if let max { value = Swift.min(value, max) }
            return value
        }

        /// The frame's own length, from what was proposed and what the child chose.
        func resolve(proposed: Int?, child: Int) -> Int {
            let offered = proposed ?? ideal ?? child
            var result = child
            if let min { result = Swift.max(min, Swift.min(result, offered)) }
            if let max { result = Swift.min(max, Swift.max(result, offered)) }
            return result
        }
    }

    let child: LayoutNode
    let width: Limits
    let height: Limits
    let alignment: Alignment

    init(child: LayoutNode, width: Limits, height: Limits, alignment: Alignment) {
        self.child = child
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    override var debugLabel: String { "FlexibleFrame \(width) \(height)" }
    override var debugChildren: [LayoutNode] { [child] }

    override func measure(_ proposal: ProposedSize) -> Size {
        let size = child.sizeThatFits(ProposedSize(width: width.childProposal(proposal.width), height: height.childProposal(proposal.height)))
        return Size(
            width: width.resolve(proposed: proposal.width, child: size.width),
            height: height.resolve(proposed: proposal.height, child: size.height)
        )
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let size = child.sizeThatFits(ProposedSize(width: width.childProposal(rect.width), height: height.childProposal(rect.height)))
        let placed = alignment.place(Size(width: min(size.width, rect.width), height: min(size.height, rect.height)), in: rect)
        context.clipped(to: rect) { child.draw(in: placed, context: &$0) }
    }
}

/// Takes a child's space without drawing it.
final class HiddenNode: LayoutNode {
    let child: LayoutNode

    init(child: LayoutNode) { self.child = child }

    override var debugLabel: String { "Hidden" }
    override var debugChildren: [LayoutNode] { [child] }
    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }
}

/// Fills its area with a style, then draws the child on top.
final class FillNode: LayoutNode {
    let child: LayoutNode
    let style: Style

    init(child: LayoutNode, style: Style) {
        self.child = child
        self.style = style
    }

    override var debugLabel: String { "Fill \(style)" }
    override var debugChildren: [LayoutNode] { [child] }
    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    override func draw(in rect: Rect, context: inout DrawContext) {
        context.fill(rect, style: style)
        child.draw(in: rect, context: &context)
    }
}

/// Draws the child, then lays a style over every cell of its area.
final class HighlightNode: LayoutNode {
    let child: LayoutNode
    let style: Style

    init(child: LayoutNode, style: Style) {
        self.child = child
        self.style = style
    }

    override var debugLabel: String { "Highlight \(style)" }
    override var debugChildren: [LayoutNode] { [child] }
    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    override func draw(in rect: Rect, context: inout DrawContext) {
        child.draw(in: rect, context: &context)
        context.restyle(rect, with: style)
    }
}

/// A child with another layer behind or in front, the layer offered the child's size.
final class LayerNode: LayoutNode {
    let content: LayoutNode
    let layer: LayoutNode
    let alignment: Alignment
    let layerInFront: Bool

    init(content: LayoutNode, layer: LayoutNode, alignment: Alignment, layerInFront: Bool) {
        self.content = content
        self.layer = layer
        self.alignment = alignment
        self.layerInFront = layerInFront
        super.init()
        layoutPriority = content.layoutPriority
    }

    override var debugLabel: String { layerInFront ? "Overlay" : "Background" }
    override var debugChildren: [LayoutNode] { [content, layer] }
    override func measure(_ proposal: ProposedSize) -> Size { content.sizeThatFits(proposal) }

    override func draw(in rect: Rect, context: inout DrawContext) {
        if !layerInFront { drawLayer(in: rect, context: &context) }
        content.draw(in: rect, context: &context)
        if layerInFront { drawLayer(in: rect, context: &context) }
    }

    private func drawLayer(in rect: Rect, context: inout DrawContext) {
        let size = layer.sizeThatFits(ProposedSize(rect.size))
        let placed = alignment.place(Size(width: min(size.width, rect.width), height: min(size.height, rect.height)), in: rect)
        context.clipped(to: rect) { layer.draw(in: placed, context: &$0) }
    }
}

/// Asks for the terminal cursor at a column of the child's first row.
final class CursorNode: LayoutNode {
    let child: LayoutNode
    let column: Int?

    init(child: LayoutNode, column: Int?) {
        self.child = child
        self.column = column
        super.init()
        layoutPriority = child.layoutPriority
    }

    override var debugLabel: String { "Cursor \(column.map(String.init) ?? "-")" }
    override var debugChildren: [LayoutNode] { [child] }
    override func measure(_ proposal: ProposedSize) -> Size { child.sizeThatFits(proposal) }

    override func draw(in rect: Rect, context: inout DrawContext) {
        child.draw(in: rect, context: &context)
        guard let column, !rect.isEmpty else { return }
        // Not clamped to the view: a text field's cursor sits just after its text.
        let point = Point(x: rect.minX + max(0, column), y: rect.minY)
        if context.clip.contains(point) { context.cursor = point }
    }
}
