import OrdersCore
import OrdersPresentation
import OrdersScreens

extension AppCoordinator {
    /// The order list's keys.
    func perform(_ command: ListScreenCommand) -> [AppEffect] {
        let page = max(1, list.pageHeight)
        switch command {
        case .down: list.moveSelection(by: 1)
        case .up: list.moveSelection(by: -1)
        case .top: list.selectFirst()
        case .bottom: list.selectLast()
        case .pageDown: list.page(.down, pageSize: page)
        case .pageUp: list.page(.up, pageSize: page)
        case .halfPageDown: list.moveSelection(by: max(1, page / 2))
        case .halfPageUp: list.moveSelection(by: -max(1, page / 2))
        case .open:
            guard let id = list.selectedOrderID else { return [] }
            return [.openOrder(id)]
        case .search: beginSearch()
        case .nextMatch: moveToMatch(by: 1)
        case .previousMatch: moveToMatch(by: -1)
        case .nextTab: stepTab(by: 1)
        case .previousTab: stepTab(by: -1)
        case .tab(let tab): selectStatusTab(tab)
        case .cycleSort:
            let columns = sortCycle
            let next = columns[((columns.firstIndex { $0.sortKey == list.sort.key } ?? -1) + 1) % columns.count]
            list.setSort(OrderSort(next.sortKey ?? .date))
            return [showNotice("Sorted by \(next.rawValue)")]
        case .flipSort: list.setSort(OrderSort(list.sort.key, ascending: !list.sort.ascending))
        case .flaggedOnly: list.setFlaggedOnly(!list.flaggedOnly)
        case .highValueOnly: list.setHighValueOnly(!list.highValueOnly)
        case .mark:
            list.toggleMark()
            list.moveSelection(by: 1)
        case .markRange: list.markRange()
        case .markAll: list.markAllVisible()
        case .clearMarks: list.clearMarks()
        case .order(let command): return perform(command)
        case .dashboard: showDashboard()
        case .frequency: openPalette(with: ":freq ")
        case .export: openPalette(with: ":export ")
        case .refresh:
            list.load()
            return [showNotice("Reloading…")]
        case .quit: return [.quit(0)]
        }
        return []
    }

    /// The columns `s` walks through: those the table draws at the screen's width, in their order
    /// (a sort by a column not on screen would show no indicator), one per sort (Date and Age
    /// sort alike: the first on screen stands for both); every shown column before the first frame.
    /// Columns there is no sort by (assignee, tags, …) are passed over.
    private var sortCycle: [ListColumn] {
        var columns: [ListColumn] = []
        for column in listColumnsOnScreen ?? list.shownColumns
        where column.sortKey != nil && !columns.contains(where: { $0.sortKey == column.sortKey }) {
            columns.append(column)
        }
        return columns.isEmpty ? [.date] : columns
    }

    /// Tab/Shift-Tab: through the status tabs, then the saved views, round again.
    private func stepTab(by step: Int) {
        let tabs = StatusTab.allCases
        let names = views?.names ?? []
        let current = views?.selectedView.flatMap { view in names.firstIndex(of: view.name).map { tabs.count + $0 } }
            ?? tabs.firstIndex(of: list.statusTab) ?? 0
        let count = tabs.count + names.count
        let next = (current + step % count + count) % count
        if next < tabs.count {
            selectStatusTab(tabs[next])
        } else {
            views?.show(names[next - tabs.count])
        }
    }

    /// A status tab chosen (key, Tab, click): from a shown view, the view's search goes with it,
    /// since status tabs are over every order (the sort stays as the operator last saw it), and
    /// the standard columns show again (`OrderListModel.selectTab`).
    func selectStatusTab(_ tab: StatusTab) {
        if views?.selectedView != nil {
            list.show(query: "", sort: nil, columns: nil)
        }
        list.selectTab(tab)
    }

    /// n/N: the next row whose customer the search matched (the list shows only
    /// matches; this skips those matched by another field such as the email).
    private func moveToMatch(by step: Int) {
        guard list.rowCount > 0 else { return }
        let start = list.selectedIndex ?? 0
        var position = start + step
        var scanned = 0
        while position >= 0, position < list.rowCount, scanned < 10_000 {
            if let row = list.row(at: position), !row.customerHighlights.isEmpty {
                list.select(at: position)
                return
            }
            position += step
            scanned += 1
        }
        list.moveSelection(by: step)
    }

    /// Moves the list selection down one row if it still sits on `id` (an order that
    /// left the shown list has already handed the selection to its neighbour).
    func advance(from id: OrderID?) {
        guard autoAdvance, let id, list.selectedOrderID == id else { return }
        list.moveSelection(by: 1)
    }
}
