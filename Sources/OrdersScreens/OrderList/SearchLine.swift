import TermRender

/// The search field under the tabs, with the query's error (if any) beside it.
struct SearchLine: View {
    let search: SearchFieldDisplay
    let error: String?
    @Environment(\.theme) private var theme

    var body: some View {
        HStack(spacing: 1) {
            Text("/").style(theme.accent)
            TextFieldView(text: search.text, cursor: search.cursor,
                          placeholder: "words, status:pending, total>100, tag:vip…", isFocused: search.isFocused)
            if let error {
                // The error wins the space: it says why the list stopped following the typing.
                Text("⚠ \(error)").style(theme.danger).lineLimit(1).layoutPriority(1)
            }
        }
    }
}
