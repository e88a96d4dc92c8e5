import TermRender

/// One key hint in the footer: the key as the user types it and what it does.
struct KeyHint: Hashable, Sendable {
    var keys: String
    var label: String
}

/// The footer of key hints, generated from the active key bindings.
struct KeyHintBar: View {
    let hints: [KeyHint]
    @Environment(\.theme) private var theme

    var body: some View {
        HStack(spacing: 2) {
            ForEach(hints, id: \.self) { hint in
                Text(hint.keys).style(theme.accent) + Text(" " + hint.label).style(theme.secondaryText)
            }
            Spacer()
        }
    }
}
