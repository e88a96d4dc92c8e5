import Foundation

/// The list served by the server (`ServerListStore`, above `PresentationEnvironment.serverListThreshold`
/// orders): the model holds a window of rows around what is shown (`ServerWindow`) and the server's
/// counts, never every order. The screens read the same state as with the in-memory index: list
/// positions, rows, tab counts, sums, selection and marks; only where they come from differs.
/// Every server read runs off the main actor; the list shows what it holds meanwhile.
extension OrderListModel {
    /// Whether the server serves this list (chosen at each load by the store's order count).
    public var isServedByServer: Bool { serverWindow != nil }

    /// The store, when it can serve the list and holds at least the threshold's orders.
    func serverSource() async throws -> (any ServerListStore)? {
        guard let server = store as? any ServerListStore else { return nil }
        let threshold = environment.serverListThreshold
        return try await server.orderCount(exactBelow: threshold) >= threshold ? server : nil
    }

    /// The first window of a server-served list, with the selection kept if it is still shown.
    func loadFromServer(_ server: any ServerListStore) async throws {
        let anchor = selectedRowCursor
        if serverWindow == nil {
            serverWindow = ServerWindow(query: query, statuses: listQuery.statusTab.statuses)
            indexIsComplete = true
        }
        try await refreshFromServer(server, anchor: anchor, fallbackPosition: selectedIndex ?? 0)
        try Task.checkCancellation()
        if summary.total == 0 || !query.filters.isEmpty {
            let total = try await store.countsByStatus(matching: .all).values.reduce(0, +)
            summary.total = total
        }
        recountSavedViewsOnServer()
    }

    /// The search, tab, toggles or sort changed: ask the server again, keeping the selected order
    /// (or the next one the new query still shows, as the in-memory list does).
    func serverQueryChanged() {
        guard let server = store as? any ServerListStore else { return }
        cancelGoingToTheEnd()
        let anchor = selectedRowCursor
        let fallback = selectedIndex ?? 0
        windowTask?.cancel()
        windowTask = nil
        serverTask?.cancel()
        serverTask = Task { [weak self] in
            do {
                try await self?.refreshFromServer(server, anchor: anchor, fallbackPosition: fallback, rereadingCounts: false)
            } catch is CancellationError {
                return
            } catch {
                self?.errorMessage = "Could not load orders: \(error)"
            }
        }
    }

    /// Reads the counts, where the anchor order stands and the rows around it, then shows them;
    /// the old rows stay on screen meanwhile, and a newer query's refresh wins.
    /// The counts are over every tab and in any order, so a tab switch or a sort change keeps the
    /// ones held (or still being counted) for the same search and toggles unless `rereadingCounts`
    /// (a load, a live change: read first, so the screen never shows them pending). A new search's
    /// or toggle's counts are a scan of its matches (one or two characters cannot use the trigram
    /// index): its rows are read around the anchor by keyset (`readAround`) and shown first with the
    /// counts pending, and counted after (`countOnServer`; `placeOnServer` when their place was
    /// guessed). A sort change or tab switch under a search or toggle reads around the anchor too,
    /// with the counts it holds. Counts first anyway with nothing searched or toggled (the stored tally
    /// is cheap) and when no selected order says where to start (the place could be past the end).
    func refreshFromServer(_ server: any ServerListStore, anchor: PageCursor?, fallbackPosition: Int,
                           rereadingCounts: Bool = true) async throws {
        let query = self.query
        let counted = countedFilters
        var window = ServerWindow(query: query, statuses: listQuery.statusTab.statuses)
        window.countedFilters = counted
        if !rereadingCounts, let held = serverWindow, held.countedFilters == counted {
            window.tally = held.tally
        } else if rereadingCounts || counted.isEmpty || (anchor == nil && fallbackPosition > 0) {
            window.tally = try await server.listTally(matching: OrderQuery(filters: counted))
            try Task.checkCancellation()
        } else {
            window.tally = nil
        }
        if let tally = window.tally {
            window = window.counted(tally)
        } else {
            window.rowCountIsExact = false
        }
        // Under a search or toggle the anchor's place is a count of its matches before it (a scan for
        // one or two characters): rows are read around it instead, the place counted after if need be.
        if let anchor, window.tally == nil || (!rereadingCounts && !counted.isEmpty) {
            window = try await readAround(anchor, into: window, from: server, guess: fallbackPosition)
        } else {
            var position = fallbackPosition
            if let anchor {
                position = try await server.listPosition(of: anchor, matching: query)
                try Task.checkCancellation()
            }
            if window.rowCountIsExact { position = min(max(position, 0), max(window.rowCount - 1, 0)) }
            let needed = neededRows(around: position)
            if let (start, limit) = window.fetch(toCover: needed) {
                let rows = try await server.listRows(matching: query, from: start, limit: limit)
                try Task.checkCancellation()
                window = window.taking(rows, from: start, limit: limit, needed: needed)
            }
        }
        guard self.query == query else { return }
        // Counted while the rows were read (a tab switch or sort change while its search was counted).
        if window.tally == nil, let held = serverWindow, held.countedFilters == counted, let tally = held.tally {
            window = window.counted(tally)
        }
        if let tally = window.tally, query.filters.isEmpty { summary.total = tally.count(of: nil) }
        let previous = heldIDsAroundSelection()
        // A window move under way was for the rows replaced here (it would find them gone and stop).
        windowTask?.cancel()
        windowTask = nil
        installServerWindow(window, selecting: nil, keeping: nil)
        selectedIndex = keptSelection(anchor: anchor?.id, previous: previous, previousIndex: fallbackPosition)
        followSelection()
        ensureServerRowsHeld()
        if window.offsetIsGuess, let anchor { placeOnServer(server, anchor: anchor, query: query) }
        if window.tally == nil { countOnServer(server, filters: counted) }
    }

    /// A new search's rows before its counts: those right before the anchor order and those from it
    /// on, by keyset (an index range whatever the search, where counting the rows before it, or
    /// skipping them by offset, reads them all). Placed exactly when fewer come before it than were
    /// asked for (a search typed at the top of the list), else at its old place until counted.
    private func readAround(_ anchor: PageCursor, into window: ServerWindow, from server: any ServerListStore,
                            guess: Int) async throws -> ServerWindow {
        let beforeLimit = max(viewport.height, 1) + ServerWindow.fetchSize / 4
        let before = try await server.listRows(matching: window.query, from: .before(anchor), limit: beforeLimit)
        try Task.checkCancellation()
        let from = try await server.listRows(matching: window.query, from: .from(anchor), limit: ServerWindow.fetchSize)
        try Task.checkCancellation()
        return window.around(before: before, beforeLimit: beforeLimit, from: from, limit: ServerWindow.fetchSize, guess: guess)
    }

    /// The filters the tabs' counts are over: the search and toggles, whatever the tab.
    var countedFilters: [OrderFilter] {
        var everyTab = listQuery
        everyTab.statusTab = .all
        return everyTab.orderQuery(highValueThreshold: environment.highValueThreshold).filters
    }

    /// The held rows after the selection (nearest first) and before it (nearest first).
    private func heldIDsAroundSelection() -> (after: [OrderID], before: [OrderID]) {
        guard let selectedIndex else { return ([], []) }
        let held = selectedIndex - windowOffset
        let ids = visible.map { index.id($0) }
        guard ids.indices.contains(held) else { return ([], []) }
        return (Array(ids[(held + 1)...]), ids[..<held].reversed())
    }

    /// The list's one rule (`KeptSelection`) over the rows held before and now.
    private func keptSelection(anchor: OrderID?, previous: (after: [OrderID], before: [OrderID]),
                               previousIndex: Int) -> Int? {
        let positions = Dictionary(visible.enumerated().map { (index.id($1), windowOffset + $0) },
                                   uniquingKeysWith: { first, _ in first })
        return KeptSelection.position(selected: anchor, previousPosition: previousIndex, after: previous.after,
                                      before: previous.before, rowCount: rowCount,
                                      isShown: { positions[$0] != nil }, position: { positions[$0] })
    }

    /// Shows a window: its rows become the index, marks are carried over by id (with what was seen of
    /// those leaving the window), rows with writes under way stay held outside it, counts come from the
    /// server (pending while it counts them).
    func installServerWindow(_ window: ServerWindow, selecting position: Int?, keeping id: OrderID?) {
        let inWindow = Set(window.rows.map(\.id))
        let marked = marksAsLastShown()
        let carried = rowsWithWritesUnderWay(outside: inWindow)
        serverWindow = window
        index = OrderIndex(rows: window.rows)
        holdOutsideWindow(carried)
        rowTexts.reset()
        marks = SlotSet(capacity: index.count)
        marksOutsideWindow = [:]
        for order in marked { mark(order) }
        markedCount = marks.count + marksOutsideWindow.count
        pipeline = ListPipeline()
        pipeline.showInOrder(of: index, count: window.rows.count)
        rowCount = window.rowCount
        if let tally = window.tally {
            var tabs: [StatusTab: Int] = [.all: tally.count(of: nil)]
            for status in OrderStatus.allCases {
                tabs[StatusTab.tab(for: status), default: 0] += tally.countsByStatus[status] ?? 0
            }
            tabCounts = tabs
            let shown = tally.count(of: window.statuses)
            summary = ListSummary(shown: shown, total: max(summary.total, shown), marked: markedCount,
                                  totalsByCurrency: tally.totals(of: window.statuses))
        } else {
            // Still being counted: not the previous search's numbers, and not zero (`ListSummary.isCounting`).
            tabCounts = [:]
            summary = .counting(total: max(summary.total, rowCount), marked: markedCount)
        }
        if let id, let slot = index.slot(of: id), let held = visible.firstIndex(of: slot) {
            selectedIndex = window.offset + held
        } else {
            selectedIndex = position
        }
        followSelection()
        revision += 1
    }

    /// The list positions worth holding around a selected position: the page shown, one before, one after.
    func neededRows(around position: Int) -> Range<Int> {
        let height = max(viewport.height, 1)
        let top = viewport.following(position, rowCount: serverWindow?.rowCount ?? rowCount, height: height).top
        return max(0, min(top, position) - height)..<max(top + height, position + 1) + height
    }

    /// After the selection moved: fetch the rows it needs when they are not held, one move at a time.
    func ensureServerRowsHeld() {
        guard let window = serverWindow, windowTask == nil, let server = store as? any ServerListStore,
              let position = selectedIndex else { return }
        let needed = neededRows(around: position)
        guard let (start, limit) = window.fetch(toCover: needed) else { return }
        windowTask = Task { [weak self] in
            do {
                let rows = try await server.listRows(matching: window.query, from: start, limit: limit)
                try Task.checkCancellation()
                guard let self, let current = self.serverWindow, current.query == window.query,
                      current.offset == window.offset, current.rows.count == window.rows.count else { return }
                self.windowTask = nil
                self.installServerWindow(current.taking(rows, from: start, limit: limit, needed: needed),
                                         selecting: self.selectedIndex, keeping: nil)
                self.ensureServerRowsHeld()
            } catch is CancellationError {
                return
            } catch {
                self?.windowTask = nil
                self?.errorMessage = "Could not load orders: \(error)"
            }
        }
    }

    /// A live change on a server-served list: tell the screens of the changed orders, then read the
    /// counts and the rows around the selection again (after our own writes have settled).
    func mergeFromServer(_ ids: [OrderID]) async {
        for id in ids where !writer.isPending(id) {
            guard let order = try? await store.order(id), !writer.isPending(id) else { continue }
            if let slot = index.slot(of: id), index.version(slot) == order.version { continue }
            recentChanges[id] = environment.now().addingTimeInterval(environment.recentChangeDuration)
            for observer in mergeObservers.values { observer(.merged(order)) }
        }
        guard !writer.isWriting, store is any ServerListStore else { return }
        recountSavedViewsOnServer()
        await rereadServerWindow()
    }

    /// The selected row's place in any sort, as the list holds it (nil when not held).
    var selectedRowCursor: PageCursor? {
        guard let position = selectedIndex, let slot = slot(at: position) else { return nil }
        return PageCursor(id: index.id(slot), createdAt: index.createdAt(slot),
                          customerKey: SearchFolding.fold(index.customerName(slot)), total: index.total(slot),
                          statusRank: index.status(slot).workflowRank, itemCount: index.itemCount(slot),
                          hasDueTime: index.hasDueTime(slot), dueClockStart: index.ageStart(slot))
    }
}
