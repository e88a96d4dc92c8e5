import Foundation
import OrdersCore
import OrdersStorage

/// The list served by the server (`ServerListStore`, above `PresentationEnvironment.serverListThreshold`
/// orders): the model's index holds a window of rows around what is shown (`ServerWindow`), and the
/// counts are the server's, never every order. The screens read the same state as with the indexed
/// source: list positions, rows, tab counts, sums, selection and marks; only where they come from differs.
/// Every server read runs off the main actor; the list shows what it holds meanwhile.
///
/// Its tasks hold the list (`weak list`, then `guard let list`) while they run, as the list's own did.
@MainActor
final class ServedListSource: ListSource {
    unowned let list: OrderListModel
    let server: any ServerListStore
    /// The rows held, their place in the list and the server's counts.
    var window: ServerWindow
    /// The latest server read for a query or a live change, and the latest window move.
    var serverTask: Task<Void, Never>?
    var windowTask: Task<Void, Never>?
    /// The read of a new search's counts, shown after its rows (`ServedListSource+Counts`),
    /// and the filters it counts.
    var tallyTask: Task<Void, Never>?
    var tallyFilters: [OrderFilter]?
    /// The count of where a new search's rows stand, when they were placed at a guess (`ServerWindow.guessedPlace`).
    var placeTask: Task<Void, Never>?
    /// Rows the index holds beyond the window, never shown: orders an action or an undo applies to
    /// that the window does not hold (`ServedListSource+OrdersOutsideWindow`).
    var rowsOutsideWindow: [OrderID: OrderIndexRow] = [:]
    /// The read of such orders before an action on them; no other action runs meanwhile.
    var outsideWindowRead: Task<Void, Never>?
    /// The read of every order the list shows, for `*`, or of a range for `v` (`ServedListSource+MarkAll`).
    var markAllTask: Task<Void, Never>?
    /// The saved views counted by the server.
    var savedViewCountTask: Task<Void, Never>?

    init(list: OrderListModel, server: any ServerListStore) {
        self.list = list
        self.server = server
        window = ServerWindow(query: list.query, statuses: list.listQuery.statusTab.statuses)
    }

    var isServedByServer: Bool { true }
    var windowOffset: Int { window.offset }
    var knowsTheEnd: Bool { window.rowCountIsExact }
    var markLimit: Int? { list.environment.serverMarkLimit }

    /// The first window, with the selection kept if it is still shown.
    func load() async throws {
        let anchor = list.selectedRowCursor
        try await refresh(anchor: anchor, fallbackPosition: list.selectedIndex ?? 0)
        try Task.checkCancellation()
        if list.summary.total == 0 || !list.query.filters.isEmpty {
            let total = try await list.store.countsByStatus(matching: .all).values.reduce(0, +)
            list.summary.total = total
        }
        recountSavedViews(force: true)
        list.loadingState = .loaded
    }

    /// The search, tab, toggles or sort changed: ask the server again, keeping the selected order
    /// (or the next one the new query still shows, as the indexed source does).
    func queryChanged(_ change: ListQueryChange) {
        // Showing a saved view has always kept the window until the next read (a tab, a key typed in
        // the search, a live change); reading the view's rows here would be a change of its own.
        if case .view = change { return reorder() }
        let anchor = list.selectedRowCursor
        let fallback = list.selectedIndex ?? 0
        windowTask?.cancel()
        windowTask = nil
        serverTask?.cancel()
        serverTask = list.environment.work.onMain { [weak self, weak list = self.list] in
            guard let self, let list else { return }
            do {
                try await self.refresh(anchor: anchor, fallbackPosition: fallback, rereadingCounts: false)
            } catch is CancellationError {
                return
            } catch {
                list.errorMessage = "Could not load orders: \(error)"
            }
        }
    }

    /// A window keeps the server's order and counts until the next read.
    func reorder() {
        list.revision += 1
    }

    func selectionMoved() {
        ensureRowsHeld()
    }

    /// Reads the counts, where the anchor order stands and the rows around it, then shows them;
    /// the old rows stay on screen meanwhile, and a newer query's refresh wins.
    /// The counts are over every tab and in any order, so a tab switch or a sort change keeps the
    /// ones held (or still being counted) for the same search and toggles unless `rereadingCounts`
    /// (a load, a live change: read first, so the screen never shows them pending). A new search's
    /// or toggle's counts are a scan of its matches (one or two characters cannot use the trigram
    /// index): its rows are read around the anchor by keyset (`readAround`) and shown first with the
    /// counts pending, and counted after (`count`; `place` when their place was guessed).
    /// A sort change or tab switch under a search or toggle reads around the anchor too,
    /// with the counts it holds. Counts first anyway with nothing searched or toggled (the stored tally
    /// is cheap) and when no selected order says where to start (the place could be past the end).
    func refresh(anchor: PageCursor?, fallbackPosition: Int, rereadingCounts: Bool = true) async throws {
        let query = list.query
        let counted = countedFilters
        var next = ServerWindow(query: query, statuses: list.listQuery.statusTab.statuses)
        next.countedFilters = counted
        if !rereadingCounts, window.countedFilters == counted {
            next.tally = window.tally
        } else if rereadingCounts || counted.isEmpty || (anchor == nil && fallbackPosition > 0) {
            next.tally = try await server.listTally(matching: OrderQuery(filters: counted))
            try Task.checkCancellation()
        } else {
            next.tally = nil
        }
        if let tally = next.tally {
            next = next.counted(tally)
        } else {
            next.rowCountIsExact = false
        }
        // Under a search or toggle the anchor's place is a count of its matches before it (a scan for
        // one or two characters): rows are read around it instead, the place counted after if need be.
        if let anchor, next.tally == nil || (!rereadingCounts && !counted.isEmpty) {
            next = try await readAround(anchor, into: next, guess: fallbackPosition)
        } else {
            var position = fallbackPosition
            if let anchor {
                position = try await server.listPosition(of: anchor, matching: query)
                try Task.checkCancellation()
            }
            if next.rowCountIsExact { position = min(max(position, 0), max(next.rowCount - 1, 0)) }
            let needed = neededRows(around: position)
            if let (start, limit) = next.fetch(toCover: needed) {
                let rows = try await server.listRows(matching: query, from: start, limit: limit)
                try Task.checkCancellation()
                next = next.taking(rows, from: start, limit: limit, needed: needed)
            }
        }
        guard list.query == query, list.source === self else { return }
        // Counted while the rows were read (a tab switch or sort change while its search was counted).
        if next.tally == nil, window.countedFilters == counted, let tally = window.tally {
            next = next.counted(tally)
        }
        if let tally = next.tally, query.filters.isEmpty { list.summary.total = tally.count(of: nil) }
        let previous = heldIDsAroundSelection()
        // A window move under way was for the rows replaced here (it would find them gone and stop).
        windowTask?.cancel()
        windowTask = nil
        install(next, selecting: nil, keeping: nil)
        list.selectedIndex = keptSelection(anchor: anchor?.id, previous: previous, previousIndex: fallbackPosition)
        list.followSelection()
        ensureRowsHeld()
        if next.offsetIsGuess, let anchor { place(anchor: anchor, query: query) }
        if next.tally == nil { count(filters: counted) }
    }

    /// A new search's rows before its counts: those right before the anchor order and those from it
    /// on, by keyset (an index range whatever the search, where counting the rows before it, or
    /// skipping them by offset, reads them all). Placed exactly when fewer come before it than were
    /// asked for (a search typed at the top of the list), else at its old place until counted.
    private func readAround(_ anchor: PageCursor, into window: ServerWindow, guess: Int) async throws -> ServerWindow {
        let beforeLimit = max(list.viewport.height, 1) + ServerWindow.fetchSize / 4
        let before = try await server.listRows(matching: window.query, from: .before(anchor), limit: beforeLimit)
        try Task.checkCancellation()
        let from = try await server.listRows(matching: window.query, from: .from(anchor), limit: ServerWindow.fetchSize)
        try Task.checkCancellation()
        return window.around(before: before, beforeLimit: beforeLimit, from: from, limit: ServerWindow.fetchSize, guess: guess)
    }

    /// The filters the tabs' counts are over: the search and toggles, whatever the tab.
    var countedFilters: [OrderFilter] {
        var everyTab = list.listQuery
        everyTab.statusTab = .all
        return everyTab.orderQuery(highValueThreshold: list.environment.highValueThreshold).filters
    }

    /// The held rows after the selection (nearest first) and before it (nearest first).
    private func heldIDsAroundSelection() -> (after: [OrderID], before: [OrderID]) {
        guard let selectedIndex = list.selectedIndex else { return ([], []) }
        let held = selectedIndex - windowOffset
        let ids = list.visible.map { list.index.id($0) }
        guard ids.indices.contains(held) else { return ([], []) }
        return (Array(ids[(held + 1)...]), ids[..<held].reversed())
    }

    /// The list's one rule (`KeptSelection`) over the rows held before and now.
    private func keptSelection(anchor: OrderID?, previous: (after: [OrderID], before: [OrderID]),
                               previousIndex: Int) -> Int? {
        let positions = Dictionary(list.visible.enumerated().map { (list.index.id($1), windowOffset + $0) },
                                   uniquingKeysWith: { first, _ in first })
        return KeptSelection.position(selected: anchor, previousPosition: previousIndex, after: previous.after,
                                      before: previous.before, rowCount: list.rowCount,
                                      isShown: { positions[$0] != nil }, position: { positions[$0] })
    }

    /// Shows a window: its rows become the index, marks are carried over by id (with what was seen of
    /// those leaving the window), rows with writes under way stay held outside it, counts come from the
    /// server (pending while it counts them).
    func install(_ next: ServerWindow, selecting position: Int?, keeping id: OrderID?) {
        guard list.source === self else { return }
        let inWindow = Set(next.rows.map(\.id))
        let marked = marksAsLastShown()
        let carried = rowsWithWritesUnderWay(outside: inWindow)
        window = next
        list.index = OrderIndex(rows: next.rows)
        holdOutsideWindow(carried)
        list.rowTexts.reset()
        list.marks = SlotSet(capacity: list.index.count)
        list.marksOutsideWindow = [:]
        for order in marked { mark(order) }
        list.markedCount = list.marks.count + list.marksOutsideWindow.count
        list.pipeline = ListPipeline()
        list.pipeline.showInOrder(of: list.index, count: next.rows.count)
        list.rowCount = next.rowCount
        if let tally = next.tally {
            var tabs: [StatusTab: Int] = [.all: tally.count(of: nil)]
            for status in OrderStatus.allCases {
                tabs[StatusTab.tab(for: status), default: 0] += tally.countsByStatus[status] ?? 0
            }
            list.tabCounts = tabs
            let shown = tally.count(of: next.statuses)
            list.summary = ListSummary(shown: shown, total: max(list.summary.total, shown), marked: list.markedCount,
                                       totalsByCurrency: tally.totals(of: next.statuses))
        } else {
            // Still being counted: not the previous search's numbers, and not zero (`ListSummary.isCounting`).
            list.tabCounts = [:]
            list.summary = .counting(total: max(list.summary.total, list.rowCount), marked: list.markedCount)
        }
        if let id, let slot = list.index.slot(of: id), let held = list.visible.firstIndex(of: slot) {
            list.selectedIndex = next.offset + held
        } else {
            list.selectedIndex = position
        }
        list.followSelection()
        list.revision += 1
    }

    /// The list positions worth holding around a selected position: the page shown, one before, one after.
    func neededRows(around position: Int) -> Range<Int> {
        let height = max(list.viewport.height, 1)
        let top = list.viewport.following(position, rowCount: window.rowCount, height: height).top
        return max(0, min(top, position) - height)..<max(top + height, position + 1) + height
    }

    /// After the selection moved: fetch the rows it needs when they are not held, one move at a time.
    func ensureRowsHeld() {
        guard windowTask == nil, let position = list.selectedIndex else { return }
        let window = self.window
        let needed = neededRows(around: position)
        guard let (start, limit) = window.fetch(toCover: needed) else { return }
        let server = self.server
        windowTask = list.environment.work.onMain { [weak self, weak list = self.list] in
            do {
                let rows = try await server.listRows(matching: window.query, from: start, limit: limit)
                try Task.checkCancellation()
                guard let self, let list else { return }
                let current = self.window
                guard current.query == window.query, current.offset == window.offset,
                      current.rows.count == window.rows.count else { return }
                self.windowTask = nil
                self.install(current.taking(rows, from: start, limit: limit, needed: needed),
                             selecting: list.selectedIndex, keeping: nil)
                self.ensureRowsHeld()
            } catch is CancellationError {
                return
            } catch {
                self?.windowTask = nil
                list?.errorMessage = "Could not load orders: \(error)"
            }
        }
    }

    /// A live change: tell the screens of the changed orders, then read the counts and the rows around
    /// the selection again (after our own writes have settled).
    func ordersChanged(_ ids: [OrderID]) {
        list.enqueue { [weak self, weak list = self.list] in
            guard let self, let list else { return }
            await self.merge(ids)
            list.changeHandled()
        }
    }

    func merge(_ ids: [OrderID]) async {
        // A batch not read (the connection is down): the window read below says so.
        await list.forEachChangedOrder(ids, failed: { _, _ in }) { list.noteChangedBySomeoneElse($0) }
        guard !list.writer.isWriting else { return }
        recountSavedViews(force: true)
        await reread()
    }

    /// A write whose outcome is not known is read again; writes to orders outside the window moved
    /// tabs and sums: the window is read again, which also lets their rows go.
    func writesSettled(_ writes: [PendingWrite], unknown: [OrderID]) async {
        if !unknown.isEmpty {
            await merge(unknown)
        } else if writes.contains(where: { rowsOutsideWindow[$0.id] != nil }) {
            await reread()
        }
    }

    /// The frequency table of the list as shown, by one GROUP BY through the store
    /// (`ServerListStore.listFrequency`): the window holds only some of the rows.
    func frequencyTable(of field: FrequencyField) async throws -> FrequencyTable {
        let window = self.window
        let parts = try await server.listFrequency(matching: window.query, of: field)
        return FrequencyTable(field: field, merging: parts, orderCount: parts.isEmpty ? 0 : window.rowCount)
    }

    /// Every saved view's matches counted by the server, off the main actor: when the list loads,
    /// when the views change and after a live change.
    func recountSavedViews(force: Bool) {
        guard force else { return }
        let queries = list.savedViewFilters.map { $0.map { OrderQuery(filters: $0) } }
        let server = self.server
        savedViewCountTask?.cancel()
        savedViewCountTask = list.environment.work.onMain { [weak list = self.list] in
            var counts: [Int?] = []
            for query in queries {
                guard let query else { counts.append(nil); continue }
                counts.append(try? await server.listTally(matching: query).count(of: nil))
            }
            guard !Task.isCancelled, let list, counts != list.savedViewCounts else { return }
            list.savedViewCounts = counts
        }
    }

    func pendingWork() -> Task<Void, Never>? {
        serverTask ?? outsideWindowRead ?? markAllTask ?? windowTask ?? placeTask ?? tallyTask ?? savedViewCountTask
    }

    func finished(_ work: Task<Void, Never>) {
        if serverTask == work { serverTask = nil }
        if outsideWindowRead == work { outsideWindowRead = nil }
        if markAllTask == work { markAllTask = nil }
        if windowTask == work { windowTask = nil }
        if placeTask == work { placeTask = nil }
        if tallyTask == work { tallyTask = nil; tallyFilters = nil }
        if savedViewCountTask == work { savedViewCountTask = nil }
    }

    func cancelWork() {
        for task in [serverTask, windowTask, outsideWindowRead, markAllTask, tallyTask, placeTask, savedViewCountTask] {
            task?.cancel()
        }
    }
}
