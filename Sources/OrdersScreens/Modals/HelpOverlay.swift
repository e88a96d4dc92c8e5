import TermRender

/// The key bindings, grouped, narrowed by a filter the operator types (the shell
/// owns the typing and the scroll keys) and scrolling when they do not fit.
public struct HelpOverlay: View {
    /// The sheet's width when the screen allows it.
    public static let preferredWidth = 64

    let sections: HelpSections
    let filter: String
    let filterCursor: Int
    let scroll: Binding<ScrollState>
    let maxListHeight: Int
    let hints: [KeyHintBar.Hint]
    @Environment(\.theme) private var theme

    /// Help for `entries` matching `filter` (cursor at `filterCursor`, default its end), scrolled by
    /// `scroll`, the list at most `maxListHeight` rows tall (give the screen height less ~8), with the
    /// overlay's own keys as `hints` (from its keymap).
    public init(entries: [HelpEntry], filter: String, filterCursor: Int? = nil, scroll: Binding<ScrollState>,
                maxListHeight: Int = 16, hints: [KeyHintBar.Hint]) {
        self.sections = HelpSections(entries: entries, filter: filter)
        self.filter = filter
        self.filterCursor = filterCursor ?? filter.count
        self.scroll = scroll
        self.maxListHeight = max(1, maxListHeight)
        self.hints = hints
    }

    public var body: some View {
        VStack(spacing: 1) {
            HStack(spacing: 1) {
                Text("Filter").style(theme.secondaryText)
                TextFieldView(text: filter, cursor: filterCursor, placeholder: "type to filter")
                Text(sections.countText).style(theme.secondaryText)
            }
            ScrollView(state: scroll) {
                HelpList(sections: sections)
            }
            .frame(height: min(maxListHeight, max(1, sections.rowCount)))
            KeyHintBar(hints)
        }
        .frame(maxWidth: Self.preferredWidth)
        .padding(.horizontal, 1)
    }
}

extension View {
    /// Shows `help` in a sheet titled "Keys" over this view while it is not nil.
    public func helpOverlay(_ help: HelpOverlay?) -> some View {
        sheet(isPresented: help != nil, title: "Keys") {
            if let help { help }
        }
    }
}
