/// Draws a one-line text input: its text, a placeholder when empty, and the terminal cursor when focused.
///
/// It only draws; editing (the text and where the cursor is) belongs to the caller's model. When the
/// text is wider than the field it scrolls sideways to keep the cursor in view, marking hidden text
/// with `…`. Line feeds and other controls show as placeholders, like any text.
public struct TextFieldView: View, PrimitiveView {
    let text: String
    let cursor: Int
    let placeholder: String
    let isFocused: Bool

    /// A field showing `text` with the cursor before character `cursor` (clamped to the text).
    public init(text: String, cursor: Int, placeholder: String = "", isFocused: Bool = true) {
        self.text = text
        self.cursor = cursor
        self.placeholder = placeholder
        self.isFocused = isFocused
    }

    public var body: Never { fatalError("TextFieldView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        let environment = context.environment
        nodes.append(TextFieldNode(
            field: self,
            textStyle: environment.textStyle.applied(to: environment.theme.text),
            placeholderStyle: environment.textStyle.applied(to: environment.theme.placeholder)
        ))
    }
}
