import Foundation

/// A new search's counts on a server-served list, and where its rows stand when that was guessed,
/// read after its rows are shown (`refreshFromServer`): one or two searched characters cannot use
/// the trigram index, so the counts are a scan of every match, and the rows should not wait for it.
/// Meanwhile the window's tally is nil, the screens show the counts as pending
/// (`ListSummary.isCounting`) and the list's length is the rows known so far
/// (`ServerWindow.rowCountIsExact`).
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

    /// Counts where the anchor order stands in `query` (its rows were placed at a guess), then
    /// moves the rows, the selection and the page there.
    func placeOnServer(_ server: any ServerListStore, anchor: PageCursor, query: OrderQuery) {
        placeTask?.cancel()
        placeTask = Task { [weak self] in
            do {
                let place = try await server.listPosition(of: anchor, matching: query)
                try Task.checkCancellation()
                self?.installPlace(place, query: query)
            } catch is CancellationError {
                return
            } catch {
                self?.errorMessage = "Could not place the orders: \(error)"
            }
        }
    }

    /// The guessed rows' place is known: `place` rows come before the order they were read around.
    private func installPlace(_ place: Int, query: OrderQuery) {
        guard let window = serverWindow, window.query == query, let guessed = window.guessedPlace else { return }
        let shift = place - guessed
        // A window move under way reads after the held rows, at the guessed positions: read again.
        windowTask?.cancel()
        windowTask = nil
        // The page follows the selection from where it was, as the in-memory list's page would have.
        installServerWindow(window.placed(at: place), selecting: selectedIndex.map { $0 + shift }, keeping: selectedOrderID)
        ensureServerRowsHeld()
        goToTheEndIfWaiting()
    }

    /// The counts arrived: the window that waits for them (whatever its tab or sort) takes them,
    /// its length becomes exact, and the selected order stays selected.
    private func installServerTally(_ tally: ListTally, counting filters: [OrderFilter]) {
        guard let window = serverWindow, window.tally == nil, window.countedFilters == filters else { return }
        installServerWindow(window.counted(tally), selecting: selectedIndex, keeping: selectedOrderID)
        ensureServerRowsHeld()
        goToTheEndIfWaiting()
    }

    /// `G` was pressed while counting: now that the list's length is known, the last row.
    private func goToTheEndIfWaiting() {
        guard goingToTheEnd, serverWindow?.rowCountIsExact == true else { return }
        cancelGoingToTheEnd()
        selectLast()
    }
}
