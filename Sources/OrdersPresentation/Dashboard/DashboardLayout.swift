import OrdersCore

/// Which panels a screen of a given size shows, in which column: the presentation rule that
/// drops the least important panels on a small terminal (80x24 shows the first six; 120x40 and
/// up show all). Panels go in importance order, each into the shortest column with room for it.
/// Then the panels grow into the rows their column has left: the rankings (assignees, top
/// customers, top SKUs) show more bars, the column's spare rows (but the last, kept for the
/// connection's notice) shared between them a row at a time, top first, up to
/// `maximumRankingRows` each. The panels are as wide as their column and the sparklines stretch
/// across it (`Sparkline.stretched`).
public struct DashboardLayout: Hashable, Sendable {
    /// The panels of each column, top to bottom.
    public var columns: [[DashboardPanel]]
    /// Bars a ranking shows before it grows (more on a tall screen).
    public var barRows: Int
    /// The bars each ranking shown shows, after growing into its column's spare rows.
    public var rankingRows: [DashboardPanel: Int] = [:]

    /// The most bars a ranking shows, however tall the screen: the top lists are computed this long
    /// (`DashboardModel`'s settings).
    public static let maximumRankingRows = 20

    /// Columns are at least 40 cells wide (a 30-day sparkline and its label), three at most.
    public static let minimumColumnWidth = 40
    /// The screen's title line and the footer.
    public static let chromeRows = 2

    public init(width: Int, height: Int) {
        barRows = height >= 60 ? 10 : 5
        let columnCount = min(3, max(1, width / Self.minimumColumnWidth))
        let room = max(0, height - Self.chromeRows)
        var columns = Array(repeating: [DashboardPanel](), count: columnCount)
        var used = Array(repeating: 0, count: columnCount)
        for panel in DashboardPanel.allCases {
            let rows = Self.rows(of: panel, barRows: barRows)
            guard let column = used.indices.filter({ used[$0] + rows <= room }).min(by: { used[$0] < used[$1] }) else { continue }
            columns[column].append(panel)
            used[column] += rows
        }
        self.columns = columns
        for column in columns.indices {
            let rankings = columns[column].filter(\.isRanking)
            var bars = rankings.map { _ in barRows }
            // The row above the hints stays free for the connection's notice (`DashboardConnectionLine`).
            var spare = room - 1 - used[column]
            while spare > 0, let next = bars.indices.first(where: { bars[$0] < Self.maximumRankingRows
                && bars[$0] == bars.min() }) {
                bars[next] += 1
                spare -= 1
            }
            for (panel, count) in zip(rankings, bars) { rankingRows[panel] = count }
        }
    }

    /// The bars a panel shows: a ranking's grown count, every bar of the others.
    public func bars(of panel: DashboardPanel) -> Int { rankingRows[panel] ?? barRows }

    /// The rows a panel takes on this screen, its title and the blank line under it included.
    public func rows(of panel: DashboardPanel) -> Int { Self.rows(of: panel, barRows: bars(of: panel)) }

    /// The rows a panel takes, its title and the blank line under it included.
    public static func rows(of panel: DashboardPanel, barRows: Int) -> Int {
        switch panel.chart {
        case .sparkline: 4
        case .histogram: 8
        case .bars: 2 + (panel == .rates ? 2 : panel == .revenueByStatus ? OrderStatus.allCases.count : barRows)
        }
    }

    /// The panels shown, in the order focus moves through them: most important first.
    public var panels: [DashboardPanel] { DashboardPanel.allCases.filter { panel in columns.contains { $0.contains(panel) } } }
}
