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
    public init(_ content: some StringProtocol) {
        runs = [Run(string: String(content), style: StylePatch())]
    }

    /// Text showing `content` exactly; the same as `init(_:)`, for call sites that want to say so.
    public init(verbatim content: String) {
        runs = [Run(string: content, style: StylePatch())]
    }

    /// The unstyled characters of this text.
    public var plainText: String { runs.map(\.string).joined() }

    public var body: Never { fatalError("Text is primitive") }

    /// Both texts, one after the other, each keeping its own style.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var result = lhs
        result.runs.append(contentsOf: rhs.runs)
        return result
    }

    private func patched(_ change: (inout StylePatch) -> Void) -> Text {
        var result = self
        for index in result.runs.indices { change(&result.runs[index].style) }
        return result
    }

    /// This text in `color`.
    public func foregroundColor(_ color: Color) -> Text { patched { $0.foreground = color } }
    /// This text on a `color` background.
    public func backgroundColor(_ color: Color) -> Text { patched { $0.background = color } }
    /// This text with `attributes` added.
    public func attributes(_ attributes: TextAttributes) -> Text { patched { $0.adding.formUnion(attributes) } }
    public func bold() -> Text { attributes(.bold) }
    public func dim() -> Text { attributes(.dim) }
    public func italic() -> Text { attributes(.italic) }
    public func underline() -> Text { attributes(.underline) }
    public func reverse() -> Text { attributes(.reverse) }

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
