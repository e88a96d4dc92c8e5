import Foundation
import OrdersCore
import OrdersStorage

/// A new search's counts on a served list, and where its rows stand when that was guessed, read
/// after its rows are shown (`ServedListSource.refresh`): one or two searched characters cannot use
/// the trigram index, so the counts are a scan of every match, and the rows should not wait for it.
/// Meanwhile the window's tally is nil, the screens show the counts as pending
/// (`ListSummary.isCounting`) and the list's length is the rows known so far
/// (`ServerWindow.rowCountIsExact`).
extension ServedListSource {
    /// Counts the matches of `filters` (search and toggles, every tab) and shows the counts if
    /// the list still shows those filters. A tab switch or a sort change while they are counted
    /// keeps the read under way; another search or toggle cancels it.
    func count(filters: [OrderFilter]) {
        if tallyTask != nil, tallyFilters == filters { return }
        tallyTask?.cancel()
        tallyFilters = filters
        let server = self.server
        tallyTask = list.environment.work.onMain { [weak self, weak list = self.list] in
            do {
                let tally = try await server.listTally(matching: OrderQuery(filters: filters))
                try Task.checkCancellation()
                guard let self, let list else { return }
                self.finishCounting(filters)
                self.installTally(tally, counting: filters, in: list)
            } catch is CancellationError {
                return
            } catch {
                self?.finishCounting(filters)
                list?.errorMessage = "Could not count orders: \(error)"
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
    func place(anchor: PageCursor, query: OrderQuery) {
        placeTask?.cancel()
        let server = self.server
        placeTask = list.environment.work.onMain { [weak self, weak list = self.list] in
            do {
                let place = try await server.listPosition(of: anchor, matching: query)
                try Task.checkCancellation()
                guard let self, let list else { return }
                self.installPlace(place, query: query, in: list)
            } catch is CancellationError {
                return
            } catch {
                list?.errorMessage = "Could not place the orders: \(error)"
            }
        }
    }

    /// The guessed rows' place is known: `place` rows come before the order they were read around.
    private func installPlace(_ place: Int, query: OrderQuery, in list: OrderListModel) {
        guard window.query == query, let guessed = window.guessedPlace else { return }
        let shift = place - guessed
        // A window move under way reads after the held rows, at the guessed positions: read again.
        windowTask?.cancel()
        windowTask = nil
        // The page follows the selection from where it was, as the indexed list's page would have.
        install(window.placed(at: place), selecting: list.selectedIndex.map { $0 + shift }, keeping: list.selectedOrderID)
        ensureRowsHeld()
        list.goToTheEndIfWaiting()
    }

    /// The counts arrived: the window that waits for them (whatever its tab or sort) takes them,
    /// its length becomes exact, and the selected order stays selected.
    private func installTally(_ tally: ListTally, counting filters: [OrderFilter], in list: OrderListModel) {
        guard window.tally == nil, window.countedFilters == filters else { return }
        install(window.counted(tally), selecting: list.selectedIndex, keeping: list.selectedOrderID)
        ensureRowsHeld()
        list.goToTheEndIfWaiting()
    }
}
