import Foundation
import OrdersCore

extension OrderListModel {
    /// Sets the queries whose counts the tab bar shows beside the status tabs (the saved views),
    /// parsed with the list's clock and actor (`assignee:me`); a query that does not parse gets no
    /// count. Counted at once, then again whenever the orders change, like the status tabs.
    public func setSavedViewQueries(_ queries: [String]) {
        savedViewFilters = queries.map { text in
            try? SearchQueryParser.parse(text, now: environment.now(), calendar: environment.calendar,
                                         promise: environment.fulfilmentPromise, actor: environment.actor)
        }
        source.recountSavedViews(force: true)
    }

    /// Shows a saved view: its search (kept in the search box, where an error in it is shown), its
    /// sort, its columns (nil: the standard columns), and every status.
    public func show(query: String, sort: OrderSort?, columns: [ListColumn]?) {
        setColumns(columns)
        if listQuery.statusTab != .all { listQuery.statusTab = .all }
        if let sort, sort != listQuery.sort { listQuery.sort = sort }
        // A query that does not parse stays in the search box with its error; the rows stay those of the last good one.
        let searchReplaced = listQuery.searchText != query
        if searchReplaced {
            listQuery.setSearchText(query, now: environment.now(), calendar: environment.calendar,
                                    promise: environment.fulfilmentPromise, actor: environment.actor)
        }
        source.queryChanged(.view(searchReplaced: searchReplaced))
    }
}
