import OrdersCore
import TerminalText

/// Which tabs the tab bar shows in a width: the status tabs always, with their full titles while
/// they fit beside the selected view (the short ones otherwise), then as many saved views as fit in
/// their order, the selected view always among them; the views left out collapse into one "+N" tab
/// at the end (`:view NAME` and Tab still reach them). Views never shorten the status tabs except to
/// make room for the view being shown. One column between tabs.
public struct TabBarLayout: Hashable, Sendable {
    /// The status tabs' texts, one per status tab.
    public var statusTexts: [String]
    /// The positions (in the views given) of the views shown, in order.
    public var shownViews: [Int]
    /// How many views did not fit: " +N " at the end when above zero.
    public var hiddenViews: Int

    public static func fitting(_ tabs: [StatusTabLabel], views: [SavedViewTab], width: Int) -> TabBarLayout {
        func spanned(_ texts: [String]) -> Int { texts.map { TerminalText.width(of: $0) }.reduce(0, +) + texts.count }
        let full = tabs.map(\.full), viewTexts = views.map(\.label)
        let selected = views.firstIndex { $0.isSelected }
        // Room the selected view needs beside the status tabs: its tab, and the "+N" for the others.
        let selectedRoom = selected.map { position in
            TerminalText.width(of: viewTexts[position]) + 1
                + (views.count > 1 ? TerminalText.width(of: overflowText(views.count - 1)) + 1 : 0)
        } ?? 0
        let statusTexts = spanned(full) - 1 + selectedRoom <= width ? full : tabs.map(\.compact)
        var room = width + 1 - spanned(statusTexts)
        // The selected view first, then the others in order, while they fit with room for the "+N" tab.
        let order = (selected.map { [$0] } ?? []) + views.indices.filter { $0 != selected }
        var shown: [Int] = []
        for (taken, position) in order.enumerated() {
            let cost = TerminalText.width(of: viewTexts[position]) + 1
            let remainingAfter = order.count - taken - 1
            let overflowCost = remainingAfter > 0 ? TerminalText.width(of: overflowText(remainingAfter)) + 1 : 0
            guard cost + overflowCost <= room else { break }
            shown.append(position)
            room -= cost
        }
        return TabBarLayout(statusTexts: statusTexts, shownViews: shown.sorted(), hiddenViews: views.count - shown.count)
    }

    /// The tab standing for views that did not fit.
    public static func overflowText(_ count: Int) -> String { " +\(count) " }
}
