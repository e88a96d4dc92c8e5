import TermRender

/// A section heading ("Items", "Notes").
struct DetailSectionTitle: View {
    let title: String
    @Environment(\.theme) private var theme

    init(_ title: String) {
        self.title = title
    }

    var body: some View {
        Text(title).style(theme.header)
    }
}
