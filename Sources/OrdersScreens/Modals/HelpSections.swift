import OrdersCore
import TerminalText
import TermRender

/// What the help overlay lists for a filter: the matching bindings grouped in the
/// order their groups first appear, and how many of all the bindings that is.
struct HelpSections: Equatable {
    struct Section: Equatable {
        var group: String
        var entries: [HelpEntry]
    }

    let sections: [Section]
    let shownCount: Int
    let totalCount: Int
    /// "12/46": how many keys the filter leaves, of all.
    var countText: String { "\(shownCount)/\(totalCount)" }
    /// Width of the keys column: the widest keys of all bindings, not just the
    /// shown ones, so the column does not jump while the operator types.
    let keysWidth: Int

    /// Bindings whose group, keys or help contain every word of `filter`, ignoring case
    /// and accents as search does (`SearchFolding`); an empty filter keeps them all.
    init(entries: [HelpEntry], filter: String) {
        let words = filter.split(whereSeparator: \.isWhitespace).map { SearchFolding.fold(String($0)) }
        let matching = entries.filter { entry in
            let haystack = SearchFolding.fold("\(entry.group) \(entry.keys) \(entry.help)")
            return words.allSatisfy { haystack.contains($0) }
        }
        var order: [String] = []
        var byGroup: [String: [HelpEntry]] = [:]
        for entry in matching {
            if byGroup[entry.group] == nil { order.append(entry.group) }
            byGroup[entry.group, default: []].append(entry)
        }
        sections = order.map { Section(group: $0, entries: byGroup[$0] ?? []) }
        shownCount = matching.count
        totalCount = entries.count
        keysWidth = entries.map { TerminalText.width(of: $0.keys) }.max() ?? 0
    }

    /// Rows the list takes: a heading per group, its bindings, a blank line between groups.
    var rowCount: Int {
        sections.reduce(0) { $0 + 1 + $1.entries.count } + max(0, sections.count - 1)
    }
}
