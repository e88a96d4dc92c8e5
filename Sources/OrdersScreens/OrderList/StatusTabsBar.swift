import TerminalText
import OrdersCore
import TermRender

/// The status tabs with live counts, on one line; the selected one in reverse
/// video so it shows without colour. Titles shorten when the line is narrow.
struct StatusTabsBar: View {
    let selected: StatusTab
    let counts: [StatusTab: Int]
    let flaggedOnly: Bool
    let highValueOnly: Bool
    @Environment(\.theme) private var theme

    static func title(_ tab: StatusTab, compact: Bool) -> String {
        guard compact else { return tab == .closed ? "Closed" : tab.title }
        switch tab {
        case .all: return "All"
        case .pending: return "Pend"
        case .processing: return "Proc"
        case .shipped: return "Ship"
        case .completed: return "Done"
        case .closed: return "Closed"
        }
    }

    /// The tab labels that fit in `width`: padded full titles, else compact ones.
    func labels(width: Int) -> [String] {
        let full = StatusTab.allCases.map { " \(Self.title($0, compact: false)) \(counts[$0] ?? 0) " }
        if full.map({ TerminalText.width(of: $0) }).reduce(0, +) + full.count - 1 <= width { return full }
        return StatusTab.allCases.map { " \(Self.title($0, compact: true)) \(counts[$0] ?? 0) " }
    }

    var body: some View {
        GeometryReader { size in
            let filters = [flaggedOnly ? "flagged only" : nil, highValueOnly ? "high value only" : nil].compactMap { $0 }
                .joined(separator: ", ")
            let labels = labels(width: size.width - (filters.isEmpty ? 0 : TerminalText.width(of: filters) + 1))
            HStack(spacing: 1) {
                ForEach(Array(StatusTab.allCases.enumerated()), id: \.offset) { index, tab in
                    if tab == selected {
                        Text(labels[index]).style(theme.selection).hitRegion(ListHit.tab(tab))
                    } else {
                        Text(labels[index]).style(theme.secondaryText).hitRegion(ListHit.tab(tab))
                    }
                }
                Spacer()
                if !filters.isEmpty {
                    Text(filters).style(theme.warning)
                }
            }
            .lineLimit(1)
        }
        .frame(height: 1)
    }
}
