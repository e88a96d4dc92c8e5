import Foundation

/// A new search's counts on a server-served list, read after its rows are shown
/// (`refreshFromServer`): one or two searched characters cannot use the trigram index, so the
/// counts are a scan of every match, and the rows should not wait for it. Meanwhile the window's
/// tally is nil, the screens show the counts as pending (`ListSummary.isCounting`) and the list's
/// length is the rows known so far (`ServerWindow.rowCountIsExact`).
extension OrderListModel {
    /// Counts the matches of `filters` (search and toggles, every tab) and shows the counts if
    /// the list still shows those filters. A tab switch or a sort change while they are counted
    /// keeps the read under way; another search or toggle cancels it.
    func countOnServer(_ server: any ServerListStore, filters: [OrderFilter]) {
        if tallyTask != nil, tallyFilters == filters { return }
        tallyTask?.cancel()
        tallyFilters = filters
        tallyTask = Task { [weak self] in
            do {
                let tally = try await server.listTally(matching: OrderQuery(filters: filters))
                try Task.checkCancellation()
                self?.finishCounting(filters)
                self?.installServerTally(tally, counting: filters)
            } catch is CancellationError {
                return
            } catch {
                self?.finishCounting(filters)
                self?.errorMessage = "Could not count orders: \(error)"
            }
        }
    }

    /// The read of `filters`' counts is over (a cancelled one is replaced, never finished).
    private func finishCounting(_ filters: [OrderFilter]) {
        guard tallyFilters == filters else { return }
        tallyTask = nil
        tallyFilters = nil
    }

    /// The counts arrived: the window that waits for them (whatever its tab or sort) takes them,
    /// its length becomes exact, and the selected order stays selected.
    private func installServerTally(_ tally: ListTally, counting filters: [OrderFilter]) {
        guard let window = serverWindow, window.tally == nil, window.countedFilters == filters else { return }
        installServerWindow(window.counted(tally), selecting: selectedIndex, keeping: selectedOrderID)
        ensureServerRowsHeld()
    }
}
