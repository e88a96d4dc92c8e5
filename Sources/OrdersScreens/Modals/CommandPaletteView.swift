import OrdersCore
import OrdersPresentation
import TermRender

/// The command palette: a `:` prompt over the model's input, the suggestions
/// with the highlighted one in the selection style, and the last error.
public struct CommandPaletteView: View {
    /// The sheet's width when the screen allows it.
    public static let preferredWidth = 64
    /// Suggestions shown at once; every command fits when nothing is typed yet.
    public static let maxSuggestionRows = 9

    static let columns: [TableColumn] = [
        TableColumn("Command", width: .flexible(min: 10, max: 26), priority: 10),
        TableColumn("What it does", width: .flexible(min: 1), priority: 5),
    ]

    let model: CommandPaletteModel
    let input: PaletteInputLine
    let hints: [KeyHintBar.Hint]
    @Environment(\.theme) private var theme

    /// A palette over `model` with the cursor before character `cursor` of its text (default: the end),
    /// and the palette's own keys as `hints` (from its keymap).
    public init(model: CommandPaletteModel, cursor: Int? = nil, hints: [KeyHintBar.Hint]) {
        self.model = model
        self.input = PaletteInputLine(text: model.text, cursor: cursor ?? model.text.count)
        self.hints = hints
    }

    public var body: some View {
        VStack(spacing: 0) {
            HStack(spacing: 0) {
                Text(":").style(theme.accent)
                TextFieldView(text: input.text, cursor: input.cursor, placeholder: "command, e.g. open ORD-0001234")
            }
            if let error = model.error {
                Text(error).style(theme.danger).lineLimit(2)
            }
            Divider()
            suggestions
            KeyHintBar(hints)
        }
        .frame(maxWidth: Self.preferredWidth)
        .padding(.horizontal, 1)
    }

    private var suggestions: some View {
        let rows = model.suggestions
        // Read now: the table builds its rows while drawing, after this body has returned,
        // when `@Environment` no longer sees this view's environment.
        let theme = self.theme
        return Table(columns: Self.columns, rowCount: rows.count, state: TableState(selection: model.selectedSuggestion)) { index in
            [Text(rows[index].title), Text(rows[index].detail).style(theme.secondaryText)]
        }
        .showsHeader(false)
        .columnSpacing(2)
        .emptyText(Text("No suggestions").style(theme.placeholder))
        .frame(height: min(Self.maxSuggestionRows, max(1, rows.count)))
    }
}

extension View {
    /// Shows `palette` in a sheet titled "Command" over this view while it is not nil.
    public func commandPalette(_ palette: CommandPaletteView?) -> some View {
        sheet(isPresented: palette != nil, title: "Command") {
            if let palette { palette }
        }
    }
}
