/// One resolved view in a frame's layout tree: it says what size it wants and draws itself.
///
/// Nodes are rebuilt every frame from the view values, so they carry no state between frames;
/// within a frame they remember a few measurements, because parents ask the same question often.
@MainActor
class LayoutNode {
    /// Higher priorities are offered space first in stacks.
    var layoutPriority: Double = 0
    /// Recent answers; nested stacks ask each child about a dozen different proposals per frame.
    private var cache: [(ProposedSize, Size)] = []

    init() {}

    /// The size this node chooses for `proposal`; never negative.
    final func sizeThatFits(_ proposal: ProposedSize) -> Size {
        for (cachedProposal, size) in cache where cachedProposal == proposal { return size }
        let measured = measure(proposal)
        let size = Size(width: max(0, measured.width), height: max(0, measured.height))
        if cache.count == 16 { cache.removeFirst() }
        cache.append((proposal, size))
        return size
    }

    /// Subclasses: the size wanted for `proposal`.
    func measure(_ proposal: ProposedSize) -> Size { .zero }

    /// Subclasses: draw into `rect` (this node's frame), staying inside `context.clip`.
    func draw(in rect: Rect, context: inout DrawContext) {}

    /// Subclasses: a short name and parameters for the debug dump.
    var debugLabel: String { String(describing: type(of: self)) }

    /// Subclasses: the nodes inside this one, for the debug dump.
    var debugChildren: [LayoutNode] { [] }

    /// An indented outline of this node and its descendants.
    func debugDump(indent: Int = 0) -> String {
        var text = String(repeating: "  ", count: indent) + debugLabel
        if layoutPriority != 0 { text += " priority=\(layoutPriority)" }
        text += "\n"
        for child in debugChildren { text += child.debugDump(indent: indent + 1) }
        return text
    }
}

/// The node for a view that shows nothing.
final class EmptyNode: LayoutNode {
    override var debugLabel: String { "Empty" }
}
