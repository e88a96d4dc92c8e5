/// Styled text. Wraps at spaces when given more than one line and ends with `…` when cut short.
///
/// Any string is safe: control, escape and bidi characters show as inert placeholders (see
/// `Glyphs`). A line feed (or CR LF) starts a new line. Concatenate with `+` to mix styles.
public struct Text: View, PrimitiveView, Hashable {
    struct Run: Hashable {
        var string: String
        var style: StylePatch
    }

    var runs: [Run]

    /// Text showing `content` as it is (sanitised when drawn).
    public nonisolated init(_ content: some StringProtocol) {
        runs = [Run(string: String(content), style: StylePatch())]
    }

    /// Text showing `content` exactly; the same as `init(_:)`, for call sites that want to say so.
    public nonisolated init(verbatim content: String) {
        runs = [Run(string: content, style: StylePatch())]
    }

    /// The unstyled characters of this text.
    public nonisolated var plainText: String { runs.map(\.string).joined() }

    public var body: Never { fatalError("Text is primitive") }

    /// Both texts, one after the other, each keeping its own style.
    public nonisolated static func + (lhs: Text, rhs: Text) -> Text {
        var result = lhs
        result.runs.append(contentsOf: rhs.runs)
        return result
    }

    private nonisolated func patched(_ change: (inout StylePatch) -> Void) -> Text {
        var result = self
        for index in result.runs.indices { change(&result.runs[index].style) }
        return result
    }

    /// This text in `color`.
    public nonisolated func foregroundColor(_ color: Color) -> Text { patched { $0.foreground = color } }
    /// This text on a `color` background.
    public nonisolated func backgroundColor(_ color: Color) -> Text { patched { $0.background = color } }
    /// This text with `attributes` added.
    public nonisolated func attributes(_ attributes: TextAttributes) -> Text { patched { $0.adding.formUnion(attributes) } }
    // Shorthands for `attributes(_:)`.
    public nonisolated func bold() -> Text { attributes(.bold) }
    public nonisolated func dim() -> Text { attributes(.dim) }
    public nonisolated func italic() -> Text { attributes(.italic) }
    public nonisolated func underline() -> Text { attributes(.underline) }
    public nonisolated func reverse() -> Text { attributes(.reverse) }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        nodes.append(TextNode(text: self, environment: context.environment))
    }
}

extension Text: ExpressibleByStringInterpolation {
    /// Text from a string literal, so table rows can be written as `["ORD-1", "Ann"]`.
    public nonisolated init(stringLiteral value: String) {
        runs = [Run(string: value, style: StylePatch())]
    }
}
