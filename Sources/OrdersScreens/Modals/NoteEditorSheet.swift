import TermRender

/// The sheet for writing a note on an order: a multi-line editor over the text
/// and cursor the shell owns, with what Enter and Esc do underneath.
public struct NoteEditorSheet: View {
    /// The sheet's width when the screen allows it; wide enough for a sentence a line.
    public static let preferredWidth = 64
    /// Rows of text the editor shows before it scrolls.
    public static let editorHeight = 6

    let orderID: String
    let text: String
    let cursor: Int
    let hints: [KeyHintBar.Hint]
    @Environment(\.theme) private var theme

    /// An editor for a note on `orderID` showing `text` with the cursor before character `cursor`,
    /// and the editor's own keys as `hints` (from its keymap).
    public init(orderID: String, text: String, cursor: Int, hints: [KeyHintBar.Hint]) {
        self.orderID = orderID
        self.text = text
        self.cursor = cursor
        self.hints = hints
    }

    /// The sheet's title, naming the order.
    public var title: String { "Note on \(orderID)" }

    public var body: some View {
        VStack(spacing: 1) {
            TextEditorView(text: text, cursor: cursor, placeholder: "Write a note for the next operator…")
                .frame(height: Self.editorHeight)
            KeyHintBar(hints)
        }
        .frame(maxWidth: Self.preferredWidth)
        .padding(.horizontal, 1)
    }
}

extension View {
    /// Shows `editor` in a sheet titled with its order over this view while it is not nil.
    public func noteEditor(_ editor: NoteEditorSheet?) -> some View {
        sheet(isPresented: editor != nil, title: editor?.title) {
            if let editor { editor }
        }
    }
}
