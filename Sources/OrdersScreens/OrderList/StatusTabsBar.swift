import TerminalText
import OrdersCore
import TermRender

/// The status tabs with live counts, on one line; the selected one in reverse
/// video so it shows without colour. Titles shorten when the line is narrow.
struct StatusTabsBar: View {
    let tabs: [StatusTabLabel]
    /// The toggles that narrow the list ("flagged only"), nil when none is on.
    let toggles: String?
    @Environment(\.theme) private var theme

    /// The full titles when they fit in `width` (one column between tabs), else the compact ones.
    static func fitting(_ tabs: [StatusTabLabel], width: Int) -> [String] {
        let full = tabs.map(\.full)
        return full.map { TerminalText.width(of: $0) }.reduce(0, +) + full.count - 1 <= width ? full : tabs.map(\.compact)
    }

    var body: some View {
        GeometryReader { size in
            let labels = Self.fitting(tabs, width: size.width - (toggles.map { TerminalText.width(of: $0) + 1 } ?? 0))
            HStack(spacing: 1) {
                ForEach(Array(zip(tabs, labels)), id: \.0.tab) { tab, label in
                    Text(label).style(tab.isSelected ? theme.selection : theme.secondaryText).hitRegion(ListHit.tab(tab.tab))
                }
                Spacer()
                if let toggles {
                    Text(toggles).style(theme.warning)
                }
            }
            .lineLimit(1)
        }
        .frame(height: 1)
    }
}
