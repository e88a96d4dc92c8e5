import OrdersCore
import OrdersPresentation

/// The keys of the order list (the app-wide ones are `AppWideCommand`).
public enum ListScreenCommand: KeyCommand {
    case down, up, top, bottom, pageDown, pageUp, halfPageDown, halfPageUp
    case open, search, nextMatch, previousMatch, nextTab, previousTab
    case tab(StatusTab)
    case cycleSort, flipSort, flaggedOnly, highValueOnly
    case mark, markRange, markAll, clearMarks
    case order(OrderCommand)
    case dashboard, frequency, export, refresh, quit

    public static let all: [ListScreenCommand] =
        [.down, .up, .top, .bottom, .pageDown, .pageUp, .halfPageDown, .halfPageUp,
         .open, .search, .nextMatch, .previousMatch, .nextTab, .previousTab]
        + StatusTab.allCases.map(ListScreenCommand.tab)
        + [.cycleSort, .flipSort, .flaggedOnly, .highValueOnly, .mark, .markRange, .markAll, .clearMarks]
        + OrderCommand.allCases.map(ListScreenCommand.order)
        + [.dashboard, .frequency, .export, .refresh, .quit]

    public var info: CommandInfo {
        let move = CommandGroup.move, view = CommandGroup.view, act = CommandGroup.act, app = CommandGroup.app
        switch self {
        case .down: return CommandInfo("list.down", ["j", "down"], "down", "Select the next order", move)
        case .up: return CommandInfo("list.up", ["k", "up"], "up", "Select the previous order", move)
        case .top: return CommandInfo("list.top", ["g", "home"], "top", "Select the first order", move)
        case .bottom: return CommandInfo("list.bottom", ["G", "end"], "bottom", "Select the last order", move)
        case .pageDown: return CommandInfo("list.page-down", ["pgdn"], "page down", "One page down", move)
        case .pageUp: return CommandInfo("list.page-up", ["pgup"], "page up", "One page up", move)
        case .halfPageDown: return CommandInfo("list.half-page-down", ["ctrl-d"], "half down", "Half a page down", move)
        case .halfPageUp: return CommandInfo("list.half-page-up", ["ctrl-u"], "half up", "Half a page up", move)
        case .open: return CommandInfo("list.open", ["enter"], "open", "Open the selected order", move, footer: true)
        case .search:
            return CommandInfo("list.search", ["/"], "search", "Search (typing filters live; Enter keeps, Esc clears)",
                               view, footer: true)
        case .nextMatch:
            return CommandInfo("list.next-match", ["n"], "next match", "Select the next order matching the search", view)
        case .previousMatch:
            return CommandInfo("list.previous-match", ["N"], "previous match", "Select the previous matching order", view)
        case .nextTab: return CommandInfo("list.next-tab", ["tab"], "tab", "Next status tab", view)
        case .previousTab: return CommandInfo("list.previous-tab", ["shift-tab"], "previous tab", "Previous status tab", view)
        case .tab(let tab):
            let number = (StatusTab.allCases.firstIndex(of: tab) ?? 0) + 1
            return CommandInfo("list.tab-\(number)", ["\(number)"], Self.tabLabel(tab), "Tab: \(Self.tabHelp(tab))", view)
        case .cycleSort: return CommandInfo("list.sort", ["s"], "sort", "Sort by the next column", view)
        case .flipSort: return CommandInfo("list.sort-direction", ["S"], "direction", "Flip the sort direction", view)
        case .flaggedOnly:
            return CommandInfo("list.flagged-only", ["F"], "flagged only", "Show only flagged orders (toggle)", view)
        case .highValueOnly:
            return CommandInfo("list.high-value-only", ["H"], "high value", "Show only high-value orders (toggle)", view)
        case .mark:
            return CommandInfo("list.mark", ["space"], "mark", "Mark the selected order and move down", act, footer: true)
        case .markRange:
            return CommandInfo("list.mark-range", ["v", "ctrl-space"], "range",
                               "Start a range at the selected order; pressed again, mark every order from there to here", act)
        case .markAll: return CommandInfo("list.mark-all", ["*"], "mark all", "Mark every shown order", act)
        case .clearMarks: return CommandInfo("list.unmark-all", ["U"], "unmark all", "Clear every mark", act)
        case .order(let command): return command.info(onDetail: false)
        case .dashboard:
            return CommandInfo("list.dashboard", ["D"], "dashboard", "Open the dashboard (also :dashboard)", view)
        case .frequency:
            // VisiData's Shift-F, on `%` (shares): `F` is already "flagged only" here.
            return CommandInfo("list.frequency", ["%"], "frequency",
                               "Count the shown orders by a column's values (:freq COLUMN)", view)
        case .export:
            return CommandInfo("list.export", ["w"], "export", "Export marked (or shown) orders to a file (:export)", act)
        case .refresh: return CommandInfo("list.refresh", ["r"], "refresh", "Reload every order from the database", app)
        case .quit: return CommandInfo("list.quit", ["q"], "quit", "Quit", app, footer: true)
        }
    }

    private static func tabLabel(_ tab: StatusTab) -> String {
        switch tab {
        case .all: "all"
        case .pending: "pending"
        case .processing: "processing"
        case .shipped: "shipped"
        case .completed: "completed"
        case .closed: "closed"
        }
    }

    private static func tabHelp(_ tab: StatusTab) -> String {
        tab == .all ? "all orders" : tab == .closed ? "cancelled and refunded" : tabLabel(tab)
    }
}
