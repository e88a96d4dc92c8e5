import TerminalText

/// The database as the headers name it: its path (the home folder as `~`, `StoreLocation.headerName`)
/// shortened from the left with `…` when it does not fit, since the end (the folder and file name)
/// tells two databases apart; then "demo data" while the orders are the first run's demo orders
/// (`OrderListModel.showsDemoData`), drawn in the warning colour so nobody takes them for real orders.
enum DatabaseLabel {
    static let demoWords = "demo data"

    /// The path as it fits in `width` cells beside the demo words when `isDemoData` (which keep
    /// their room first: they say more than the path's start).
    static func path(_ path: String, isDemoData: Bool, width: Int) -> String {
        keepingTheEnd(TerminalText.neutralized(path), width: width - (isDemoData ? demoWords.count + 1 : 0))
    }

    /// `text` if it fits in `width` cells, else its end after `…`, as much as fits (nothing at all
    /// below one cell).
    static func keepingTheEnd(_ text: String, width: Int) -> String {
        guard TerminalText.width(of: text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var kept: [Character] = []
        var used = 1
        for character in text.reversed() {
            let cells = TerminalText.width(of: character)
            if used + cells > width { break }
            kept.append(character)
            used += cells
        }
        return "…" + String(kept.reversed())
    }
}
