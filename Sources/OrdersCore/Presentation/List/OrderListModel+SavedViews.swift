import Foundation

extension OrderListModel {
    /// Sets the queries whose counts the tab bar shows beside the status tabs (the saved views),
    /// parsed with the list's clock and actor (`assignee:me`); a query that does not parse gets no
    /// count. Counted at once, then again whenever the orders change, like the status tabs.
    public func setSavedViewQueries(_ queries: [String]) {
        savedViewFilters = queries.map { text in
            try? SearchQueryParser.parse(text, now: environment.now(), calendar: environment.calendar,
                                         promise: environment.fulfilmentPromise, actor: environment.actor)
        }
        savedViewCountsTaken = nil
        recountSavedViewsIfOrdersChanged()
        recountSavedViewsOnServer()
    }

    /// Counts every saved view's matches over the index, when the orders changed since the last count.
    func recountSavedViewsIfOrdersChanged() {
        // A server-served list's index holds only its window: the server counts (`recountSavedViewsOnServer`).
        if serverWindow != nil { return }
        guard indexIsComplete else {
            if savedViewCounts != Array(repeating: nil, count: savedViewFilters.count) {
                savedViewCounts = Array(repeating: nil, count: savedViewFilters.count)
            }
            return
        }
        let taken = (generation: index.generation, count: index.count)
        if let last = savedViewCountsTaken, last == taken { return }
        savedViewCountsTaken = taken
        let counts = savedViewFilters.map { filters in filters.map { index.evaluate($0).count } }
        if counts != savedViewCounts { savedViewCounts = counts }
    }

    /// Shows a saved view: its search (kept in the search box, where an error in it is shown), its
    /// sort, its columns (nil: the standard columns), and every status.
    public func show(query: String, sort: OrderSort?, columns: [ListColumn]?) {
        setColumns(columns)
        if listQuery.statusTab != .all { listQuery.statusTab = .all }
        if let sort, sort != listQuery.sort { listQuery.sort = sort }
        // A query that does not parse stays in the search box with its error; the rows stay those of the last good one.
        if listQuery.searchText != query {
            listQuery.setSearchText(query, now: environment.now(), calendar: environment.calendar,
                                    promise: environment.fulfilmentPromise, actor: environment.actor)
            if indexIsComplete { pipeline.match(listQuery.searchFilters, in: index) }
        }
        if indexIsComplete { reorder() } else { refreshPreview() }
    }

    /// On a server-served list, every saved view's matches counted by the server, off the main
    /// actor: when the list loads, when the views change and after a live change.
    func recountSavedViewsOnServer() {
        guard serverWindow != nil, let server = store as? any ServerListStore else { return }
        let queries = savedViewFilters.map { $0.map { OrderQuery(filters: $0) } }
        savedViewCountTask?.cancel()
        savedViewCountTask = Task { [weak self] in
            var counts: [Int?] = []
            for query in queries {
                guard let query else { counts.append(nil); continue }
                counts.append(try? await server.listTally(matching: query).count(of: nil))
            }
            guard !Task.isCancelled, let self, counts != self.savedViewCounts else { return }
            self.savedViewCounts = counts
        }
    }
}
