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
