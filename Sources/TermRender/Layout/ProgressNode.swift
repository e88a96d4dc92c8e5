final class ProgressNode: LayoutNode {
    static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    let fraction: Double
    let filled: Style
    let empty: Style

    init(fraction: Double, filled: Style, empty: Style) {
        self.fraction = fraction
        self.filled = filled
        self.empty = empty
    }

    override var debugLabel: String { "Progress \(fraction)" }

    override func measure(_ proposal: ProposedSize) -> Size {
        let width = proposal.width.map { min($0, ProposedSize.unlimited) } ?? 20
        return Size(width: width, height: min(1, proposal.height ?? 1))
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        let totalEighths = Int(fraction * Double(rect.width * 8)) // truncation is floor here: never negative
        let full = totalEighths / 8
        let partial = totalEighths % 8
        for column in 0..<rect.width {
            let point = Point(x: rect.minX + column, y: rect.minY)
            if column < full {
                context.put(Glyph(text: "█", width: 1), at: point, style: filled)
            } else if column == full && partial > 0 {
                context.put(Glyph(text: Self.eighths[partial], width: 1), at: point, style: filled)
            } else {
                context.put(Glyph(text: "░", width: 1), at: point, style: empty)
            }
        }
    }
}
