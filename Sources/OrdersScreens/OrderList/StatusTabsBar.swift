import OrdersCore
import OrdersPresentation
import TermRender
import TerminalText

/// The status tabs with live counts, on one line; the selected one in reverse
/// video so it shows without colour. Titles shorten when the line is narrow, counts never
/// (`TabBarLayout`).
struct StatusTabsBar: View {
    let tabs: [StatusTabLabel]
    /// The saved views after the status tabs.
    let views: [SavedViewTab]
    /// The toggles that narrow the list ("flagged only"), nil when none is on.
    let toggles: String?
    @Environment(\.theme) private var theme

    var body: some View {
        GeometryReader { size in
            let layout = TabBarLayout.fitting(tabs, views: views,
                                              width: size.width - (toggles.map { TerminalText.width(of: $0) + 1 } ?? 0))
            // A shown view is the selected tab: the status tabs then only narrow nothing.
            let viewSelected = views.contains { $0.isSelected }
            // The tabs one column apart; the spacer after them takes no gap of its own, so the
            // tabs have the whole width the layout was given.
            HStack(spacing: 0) {
                HStack(spacing: 1) {
                    ForEach(Array(zip(tabs, layout.statusTexts)), id: \.0.tab) { tab, label in
                        Text(label).style(tab.isSelected && !viewSelected ? theme.selection : theme.secondaryText)
                            .hitRegion(ListHit.tab(tab.tab))
                    }
                    ForEach(Array(zip(layout.shownViews, layout.shownViewTexts)), id: \.0) { position, label in
                        let view = views[position]
                        Text(label).style(view.isSelected ? theme.selection : view.problem != nil ? theme.warning : theme.secondaryText)
                            .hitRegion(ListHit.view(view.view.name))
                    }
                    if layout.hiddenViews > 0 {
                        Text(TabBarLayout.overflowText(layout.hiddenViews)).style(theme.secondaryText)
                    }
                }
                Spacer()
                if let toggles {
                    Text(" ")
                    Text(toggles).style(theme.warning)
                }
            }
            .lineLimit(1)
        }
        .frame(height: 1)
    }
}
