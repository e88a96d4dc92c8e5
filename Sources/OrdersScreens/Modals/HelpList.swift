import TermRender

/// The grouped bindings, or why there are none.
struct HelpList: View {
    let sections: HelpSections
    @Environment(\.theme) private var theme

    var body: some View {
        // Read now: the rows below are built later, after this body has returned,
        // when `@Environment` no longer sees this view's environment.
        let theme = self.theme
        VStack(spacing: 1) {
            if sections.sections.isEmpty {
                Text("No key matches the filter").style(theme.placeholder)
            }
            ForEach(Array(sections.sections.indices), id: \.self) { index in
                let section = sections.sections[index]
                VStack(spacing: 0) {
                    Text(section.group).style(theme.header)
                    ForEach(Array(section.entries.indices), id: \.self) { row in
                        HStack(alignment: .top, spacing: 2) {
                            Text(section.entries[row].keys).style(theme.accent).frame(width: sections.keysWidth)
                            Text(section.entries[row].help)
                        }
                    }
                }
            }
        }
    }
}
