import TerminalText

/// A one-line row of key hints ("↑↓ move  / search  q quit"), keys emphasised.
///
/// Hints that do not fit are left out whole, from the end, rather than cut in the middle, so the
/// first (most important) hints always read properly on a narrow terminal.
public struct KeyHintBar: View, PrimitiveView {
    /// One key and what it does.
    public struct Hint: Hashable, Sendable {
        public var key: String
        public var label: String

        public init(key: String, label: String) {
            self.key = key
            self.label = label
        }
    }

    let hints: [Hint]

    public init(_ hints: [Hint]) {
        self.hints = hints
    }

    public var body: Never { fatalError("KeyHintBar is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        let environment = context.environment
        nodes.append(KeyHintNode(
            hints: hints,
            keyStyle: environment.textStyle.applied(to: environment.theme.accent),
            labelStyle: environment.textStyle.applied(to: environment.theme.secondaryText)
        ))
    }
}

final class KeyHintNode: LayoutNode {
    static let gap = 2
    let hints: [KeyHintBar.Hint]
    let keyStyle: Style
    let labelStyle: Style

    init(hints: [KeyHintBar.Hint], keyStyle: Style, labelStyle: Style) {
        self.hints = hints
        self.keyStyle = keyStyle
        self.labelStyle = labelStyle
    }

    override var debugLabel: String { "KeyHints \(hints.map(\.key))" }

    /// Columns each hint takes: key, space, label.
    private var widths: [Int] {
        hints.map { TerminalText.width(of: $0.key) + 1 + TerminalText.width(of: $0.label) }
    }

    /// How many hints (from the first) fit in `width`.
    private func fittingCount(_ width: Int) -> Int {
        var used = 0
        for (index, hintWidth) in widths.enumerated() {
            let needed = used + (index > 0 ? Self.gap : 0) + hintWidth
            if needed > width { return index }
            used = needed
        }
        return hints.count
    }

    override func measure(_ proposal: ProposedSize) -> Size {
        let all = widths.reduce(0, +) + Self.gap * max(0, hints.count - 1)
        guard let width = proposal.width else { return Size(width: all, height: hints.isEmpty ? 0 : 1) }
        let shown = fittingCount(width)
        let used = widths.prefix(shown).reduce(0, +) + Self.gap * max(0, shown - 1)
        return Size(width: min(used, width), height: shown == 0 ? 0 : min(1, proposal.height ?? 1))
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        var x = rect.minX
        context.clipped(to: rect) { context in
            for (index, hint) in hints.prefix(fittingCount(rect.width)).enumerated() {
                if index > 0 { x += Self.gap }
                x += context.write(hint.key, at: Point(x: x, y: rect.minY), style: keyStyle) + 1
                x += context.write(hint.label, at: Point(x: x, y: rect.minY), style: labelStyle)
            }
        }
    }
}
