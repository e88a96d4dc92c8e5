/// Draws multi-line editable text: wrapped to the width, scrolled to keep the cursor's line in view.
///
/// Like `TextFieldView` it only draws; the text and cursor belong to the caller's editing model.
/// Lines break at line feeds and wrap after spaces (or anywhere in a word longer than a line).
/// Every character stays on screen, spaces included, so the cursor always lands where it should.
public struct TextEditorView: View, PrimitiveView {
    let text: String
    let cursor: Int
    let placeholder: String
    let isFocused: Bool

    /// An editor showing `text` with the cursor before character `cursor` (clamped to the text).
    public init(text: String, cursor: Int, placeholder: String = "", isFocused: Bool = true) {
        self.text = text
        self.cursor = cursor
        self.placeholder = placeholder
        self.isFocused = isFocused
    }

    public var body: Never { fatalError("TextEditorView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        let environment = context.environment
        nodes.append(TextEditorNode(
            editor: self,
            textStyle: environment.textStyle.applied(to: environment.theme.text),
            placeholderStyle: environment.textStyle.applied(to: environment.theme.placeholder)
        ))
    }
}
