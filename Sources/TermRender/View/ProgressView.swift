/// A horizontal bar showing how much of a task is done; it fills the width on offer.
///
/// Partial cells use eighth blocks (`▏▎▍▌▋▊▉`), so progress moves smoothly; the unfilled part is `░`,
/// which reads without colour.
public struct ProgressView: View, PrimitiveView {
    let fraction: Double

    /// Progress of `value` out of `total`, clamped to 0…1 (a zero or negative total counts as empty).
    public init(value: Double, total: Double = 1) {
        let raw = total > 0 ? value / total : 0
        fraction = raw.isFinite ? min(1, max(0, raw)) : 0
    }

    public var body: Never { fatalError("ProgressView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        let environment = context.environment
        nodes.append(ProgressNode(
            fraction: fraction,
            filled: environment.textStyle.applied(to: environment.theme.accent),
            empty: environment.textStyle.applied(to: environment.theme.secondaryText)
        ))
    }
}

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

/// A one-cell activity indicator; the caller supplies the frame number (it keeps no timer of its own).
public struct Spinner: View {
    /// The frames a spinner cycles through.
    public struct Frames: Hashable, Sendable {
        public var symbols: [String]
        public init(_ symbols: [String]) { self.symbols = symbols.isEmpty ? [" "] : symbols }

        public static let braille = Frames(["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])
        public static let line = Frames(["|", "/", "-", "\\"])
    }

    let frame: Int
    let frames: Frames

    /// The spinner showing `frame` (any integer; it wraps around).
    public init(frame: Int, frames: Frames = .braille) {
        self.frame = frame
        self.frames = frames
    }

    public var body: some View {
        let count = frames.symbols.count
        return Text(frames.symbols[((frame % count) + count) % count])
    }
}
