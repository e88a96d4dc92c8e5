/// Lays children out in a row or column, sharing space SwiftUI's way.
///
/// Given a length along its axis, the stack first sets aside every child's minimum, then offers
/// the rest to children in order of layout priority (highest first) and, within a priority, of
/// flexibility (least flexible first), each an equal share of what remains but no more than its
/// ideal size. Whatever is left then goes to children that can grow further (spacers, greedy
/// frames, tables), again by priority and in equal shares, earlier ones getting the smaller share
/// when it does not divide. So content that fits is never cut, and flexible children split the rest.
final class StackNode: LayoutNode {
    let axis: Axis
    /// Alignment across the axis, as a fraction-free enum: leading/top, center, trailing/bottom.
    let crossAlignment: CrossAlignment
    let spacing: Int
    let children: [LayoutNode]

    enum CrossAlignment { case leading, center, trailing }

    init(axis: Axis, alignment: CrossAlignment, spacing: Int, children: [LayoutNode]) {
        self.axis = axis
        self.crossAlignment = alignment
        self.spacing = max(0, spacing)
        self.children = children
    }

    override var debugLabel: String {
        "\(axis == .horizontal ? "HStack" : "VStack") spacing=\(spacing)"
    }

    override var debugChildren: [LayoutNode] { children }

    override func measure(_ proposal: ProposedSize) -> Size {
        let sizes = childSizes(for: proposal)
        return total(of: sizes)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let sizes = childSizes(for: ProposedSize(rect.size))
        let crossSpace = axis == .horizontal ? rect.height : rect.width
        var position = axis == .horizontal ? rect.minX : rect.minY
        context.clipped(to: rect) { context in
            for (child, size) in zip(children, sizes) {
                let major = size.value(along: axis)
                let minor = axis == .horizontal ? size.height : size.width
                let offset: Int
                switch crossAlignment {
                case .leading: offset = 0
                case .center: offset = max(0, crossSpace - minor) / 2
                case .trailing: offset = max(0, crossSpace - minor)
                }
                let childRect = axis == .horizontal
                    ? Rect(x: position, y: rect.minY + offset, width: major, height: size.height)
                    : Rect(x: rect.minX + offset, y: position, width: size.width, height: major)
                child.draw(in: childRect, context: &context)
                position += major + spacing
            }
        }
    }

    private func total(of sizes: [Size]) -> Size {
        guard !sizes.isEmpty else { return .zero }
        var major = spacing * (sizes.count - 1)
        var minor = 0
        for size in sizes {
            major = min(ProposedSize.unlimited, major + size.value(along: axis))
            minor = max(minor, axis == .horizontal ? size.height : size.width)
        }
        return Size.along(axis, major, across: minor)
    }

    /// Each child's size when the stack is offered `proposal`.
    func childSizes(for proposal: ProposedSize) -> [Size] {
        let cross = axis == .horizontal ? proposal.height : proposal.width
        guard let length = proposal.value(along: axis) else {
            return children.map { $0.sizeThatFits(.along(axis, nil, across: cross)) }
        }
        let count = children.count
        guard count > 0 else { return [] }
        func extent(_ index: Int, _ offer: Int?) -> Int {
            children[index].sizeThatFits(.along(axis, offer, across: cross)).value(along: axis)
        }
        let minimums = children.indices.map { extent($0, 0) }
        let ideals = children.indices.map { extent($0, nil) }
        let maximums = children.indices.map { extent($0, ProposedSize.unlimited) }
        let priorities = Set(children.map(\.layoutPriority)).sorted(by: >)
        var sizes = Array(repeating: Size.zero, count: count)

        // First pass: up to each child's ideal size, so content that fits is never cut.
        var remaining = length - spacing * (count - 1)
        var reservedForLater = minimums.reduce(0, +)
        for priority in priorities {
            let group = children.indices
                .filter { children[$0].layoutPriority == priority }
                .sorted { (ideals[$0] - minimums[$0], $0) < (ideals[$1] - minimums[$1], $1) }
            reservedForLater -= group.reduce(0) { $0 + minimums[$1] }
            var available = remaining - reservedForLater
            var left = group.count
            for index in group {
                let share = max(0, available / left)
                let size = children[index].sizeThatFits(.along(axis, min(share, ideals[index]), across: cross))
                sizes[index] = size
                available -= size.value(along: axis)
                remaining -= size.value(along: axis)
                left -= 1
            }
        }

        // Second pass: what is left goes to children that can grow past their ideal (spacers,
        // greedy frames, tables), higher priority first, shared evenly.
        for priority in priorities where remaining > 0 {
            let group = children.indices
                .filter { children[$0].layoutPriority == priority && maximums[$0] > sizes[$0].value(along: axis) }
                .sorted { (maximums[$0] - ideals[$0], $0) < (maximums[$1] - ideals[$1], $1) }
            var left = group.count
            for index in group {
                let current = sizes[index].value(along: axis)
                let share = remaining / left
                left -= 1
                guard share > 0 else { continue }
                let size = children[index].sizeThatFits(.along(axis, current + share, across: cross))
                sizes[index] = size
                remaining -= max(0, size.value(along: axis) - current)
            }
        }
        return sizes
    }
}
