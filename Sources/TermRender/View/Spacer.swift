/// Empty space that grows along the enclosing stack's axis (in both directions outside a stack).
public struct Spacer: View, PrimitiveView {
    let minLength: Int

    /// A spacer at least `minLength` cells long.
    public init(minLength: Int = 0) {
        self.minLength = max(0, minLength)
    }

    public var body: Never { fatalError("Spacer is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        nodes.append(SpacerNode(axis: context.stackAxis, minLength: minLength))
    }
}

final class SpacerNode: LayoutNode {
    let axis: Axis?
    let minLength: Int

    init(axis: Axis?, minLength: Int) {
        self.axis = axis
        self.minLength = minLength
    }

    override var debugLabel: String { "Spacer" }

    override func measure(_ proposal: ProposedSize) -> Size {
        let width = max(minLength, proposal.width ?? minLength)
        let height = max(minLength, proposal.height ?? minLength)
        switch axis {
        case .horizontal: return Size(width: width, height: 0)
        case .vertical: return Size(width: 0, height: height)
        case nil: return Size(width: width, height: height)
        }
    }
}

/// A thin line that separates: horizontal in a vertical stack, vertical in a horizontal one.
public struct Divider: View, PrimitiveView {
    public init() {}

    public var body: Never { fatalError("Divider is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        let style = context.environment.textStyle.applied(to: context.environment.theme.border)
        nodes.append(DividerNode(vertical: context.stackAxis == .horizontal, style: style))
    }
}

final class DividerNode: LayoutNode {
    let vertical: Bool
    let style: Style

    init(vertical: Bool, style: Style) {
        self.vertical = vertical
        self.style = style
    }

    override var debugLabel: String { vertical ? "Divider │" : "Divider ─" }

    override func measure(_ proposal: ProposedSize) -> Size {
        vertical
            ? Size(width: min(1, proposal.width ?? 1), height: proposal.height ?? 1)
            : Size(width: proposal.width ?? 1, height: min(1, proposal.height ?? 1))
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        let glyph = Glyph(text: vertical ? "│" : "─", width: 1)
        if vertical {
            for y in rect.minY..<rect.maxY { context.put(glyph, at: Point(x: rect.minX, y: y), style: style) }
        } else {
            for x in rect.minX..<rect.maxX { context.put(glyph, at: Point(x: x, y: rect.minY), style: style) }
        }
    }
}
