import OrdersCore
import OrdersPresentation
import TerminalText

/// Which tabs the tab bar shows in a width, and with which texts. Counts are what a tab is for, so
/// a label is shortened, never its number: the status tabs in full while they fit beside the
/// selected view, else their short titles, then without their padding, then their two-letter
/// titles; then as many saved views as fit in their order, the selected view always among them
/// (its name cut with "…" when nothing else makes room, its count kept); the views left out
/// collapse into one "+N" tab at the end (`:view NAME` and Tab still reach them). One column
/// between tabs.
public struct TabBarLayout: Hashable, Sendable {
    /// The status tabs' texts, one per status tab.
    public var statusTexts: [String]
    /// The positions (in the views given) of the views shown, in order.
    public var shownViews: [Int]
    /// The text of each view shown, parallel to `shownViews` (the selected one perhaps shortened).
    public var shownViewTexts: [String]
    /// How many views did not fit: " +N " at the end when above zero.
    public var hiddenViews: Int

    public static func fitting(_ tabs: [StatusTabLabel], views: [SavedViewTab], width: Int) -> TabBarLayout {
        func spanned(_ texts: [String]) -> Int { texts.map { TerminalText.width(of: $0) }.reduce(0, +) + texts.count }
        let viewTexts = views.map(\.label)
        let selected = views.firstIndex { $0.isSelected }
        let overflowRoom = views.count > 1 ? TerminalText.width(of: overflowText(views.count - 1)) + 1 : 0
        // Room needed beside the status tabs: the selected view's tab (at least its count) and the
        // "+N" for the others; with no view selected, the "+N" for them all.
        let unselectedRoom = views.isEmpty ? 0 : TerminalText.width(of: overflowText(views.count)) + 1
        let selectedRoom = selected.map { TerminalText.width(of: viewTexts[$0]) + 1 + overflowRoom } ?? unselectedRoom
        let selectedLeast = selected.map { TerminalText.width(of: views[$0].shortestLabel) + 1 + overflowRoom } ?? unselectedRoom
        let tiers = [tabs.map(\.full), tabs.map(\.compact), tabs.map(\.tight), tabs.map(\.tiny)]
        let statusTexts = tiers.first { spanned($0) - 1 + selectedRoom <= width }
            ?? tiers.first { spanned($0) - 1 + selectedLeast <= width }
            ?? tiers[tiers.count - 1]
        var room = width + 1 - spanned(statusTexts)
        // The selected view first, then the others in order, while they fit with room for the "+N" tab.
        let order = (selected.map { [$0] } ?? []) + views.indices.filter { $0 != selected }
        var shown: [Int: String] = [:]
        for (taken, position) in order.enumerated() {
            let remainingAfter = order.count - taken - 1
            let overflowCost = remainingAfter > 0 ? TerminalText.width(of: overflowText(remainingAfter)) + 1 : 0
            var text = viewTexts[position]
            if position == selected, TerminalText.width(of: text) + 1 + overflowCost > room {
                text = views[position].label(fitting: room - 1 - overflowCost) ?? text
            }
            guard TerminalText.width(of: text) + 1 + overflowCost <= room else { break }
            shown[position] = text
            room -= TerminalText.width(of: text) + 1
        }
        let positions = shown.keys.sorted()
        return TabBarLayout(statusTexts: statusTexts, shownViews: positions, shownViewTexts: positions.map { shown[$0]! },
                            hiddenViews: views.count - shown.count)
    }

    /// The tab standing for views that did not fit.
    public static func overflowText(_ count: Int) -> String { " +\(count) " }
}

extension SavedViewTab {
    /// The label in at most `width` columns: the title cut with "…", the count whole; nil when even
    /// that (`shortestLabel`) does not fit.
    func label(fitting width: Int) -> String? {
        if TerminalText.width(of: label) <= width { return label }
        var room = width - TerminalText.width(of: shortestLabel)
        guard room >= 0 else { return nil }
        var title = ""
        for character in self.title {
            let characterWidth = TerminalText.width(of: character)
            guard characterWidth <= room else { break }
            title.append(character)
            room -= characterWidth
        }
        return " " + title + "…" + countSuffix
    }

    /// The least the label can be: " … 12 ".
    var shortestLabel: String { " …" + countSuffix }

    /// " 12 ", " ! " or " … ": what follows the title.
    private var countSuffix: String { " " + (problem != nil ? "!" : count.map(String.init) ?? "…") + " " }
}
