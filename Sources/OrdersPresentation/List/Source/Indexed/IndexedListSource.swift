import Foundation
import OrdersCore
import OrdersStorage

/// The list over every order's row in memory (`OrderIndex`): the index file beside the database
/// when it is this database's (patched with the change log since its mark), else a first page
/// straight from the store, then the index of every order built in the background. Search, sort,
/// tabs' counts and positions are computed in memory (`ListPipeline`).
@MainActor
final class IndexedListSource: ListSource {
    unowned let list: OrderListModel
    /// Whether the list's index holds every order, or only a first page while loading.
    var indexIsComplete = false
    /// Orders reported changed while the full index was loading; merged once it is in.
    var deferredChanges: Set<OrderID> = []
    /// Changed orders whose read failed (the store busy or away for a moment): read again with
    /// the next change, so a row is not left showing what the order no longer is.
    var unrefreshed: Set<OrderID> = []
    /// What the status bar was told when a read failed; taken back once every such order is read.
    var refreshFailure: String?
    /// A first page for a search, tab or sort changed while the full index loads.
    var previewTask: Task<Void, Never>?
    /// How the last load used the index file beside the database (`IndexFileStore`); nil for stores without one.
    var indexFileOutcome: IndexFileOutcome?
    /// The background write of the index file after a build from the scan (tests await it).
    var indexFileWrite: Task<IndexFileWriteResult, Never>?
    /// The index generation and size the saved views' counts were taken at: they are counted again
    /// only when the orders change, not on every key typed in the search.
    var savedViewCountsTaken: (generation: Int, count: Int)?

    /// Rows fetched straight from the store so the list is usable at once.
    nonisolated static let firstPageSize = 500
    /// Orders per batch while building the full index.
    nonisolated static let scanBatchSize = 20_000

    init(list: OrderListModel) {
        self.list = list
    }

    var isServedByServer: Bool { false }
    var windowOffset: Int { 0 }
    var knowsTheEnd: Bool { true }
    var markLimit: Int? { nil }
    var isReadingOrdersNotHeld: Bool { false }

    // MARK: Loading

    /// The index file when usable; else a first page straight from the store, then the index of
    /// every order, written to the file in the background for the next launch.
    func load() async throws {
        let fileStore = list.store as? any IndexFileStore
        if let fileStore, try await loadIndexFile(from: fileStore) {
            list.loadingState = .loaded
            return
        }
        if !indexIsComplete {
            await fetchPreview(list.query)
        }
        // Taken before the scan: a change made while it runs is in the log after the mark, so
        // the file written from this build is patched with it at the next open.
        let mark = try await fileStore?.indexMark()
        let counts = try await list.store.countsByStatus(matching: .all)
        let total = counts.values.reduce(0, +)
        list.summary.total = total
        list.loadingState = .loading(loaded: 0, total: total)
        let built = try await Self.buildIndex(from: list.store, batchSize: Self.scanBatchSize) { [weak self] loaded in
            await self?.indexProgress(loaded: loaded, total: total)
        }
        try Task.checkCancellation()
        install(built)
        list.loadingState = .loaded
        if let fileStore, let mark { writeIndexFile(built, mark: mark, for: fileStore) }
    }

    private func indexProgress(loaded: Int, total: Int) {
        if case .loading = list.loadingState { list.loadingState = .loading(loaded: loaded, total: total) }
    }

    /// Builds an index off the main actor, in batches of the store's narrow projection
    /// (`scanIndexRows`): the index's columns only, never whole orders.
    @concurrent
    nonisolated static func buildIndex(from store: any OrderStore, batchSize: Int,
                                       progress: @escaping @Sendable (Int) async -> Void) async throws -> OrderIndex {
        var index = OrderIndex()
        for try await batch in store.scanIndexRows(batchSize: batchSize) {
            try Task.checkCancellation()
            index.appendForBuilding(batch)
            await progress(index.count)
        }
        index.rebuildPermutations()
        return index
    }

    /// Swaps in a new index, keeping search, selection and marks (by order id).
    func install(_ newIndex: OrderIndex) {
        let list = self.list
        let selected = list.selectedOrderID
        let markedIDs = list.markedIDs
        // A row with a write under way shows the action already (optimistic); the new index was read
        // from the store before that write ended, so the row keeps what the action made of it until the
        // write settles it (stored, conflict or rolled back).
        let optimistic: [(OrderID, MutableOrderFields)] = list.writer.pending.keys.compactMap { id in
            list.index.slot(of: id).map { (id, list.index.mutableFields($0)) }
        }
        list.index = newIndex
        for (id, fields) in optimistic {
            if let slot = list.index.slot(of: id) { list.index.setMutableFields(of: slot, fields) }
        }
        list.rowTexts.reset()
        indexIsComplete = true
        savedViewCountsTaken = nil
        list.marks = SlotSet(capacity: list.index.count)
        for id in markedIDs { if let slot = list.index.slot(of: id) { list.marks.insert(slot) } }
        // The index holds every order now: nothing is marked outside it.
        list.marksOutsideWindow = [:]
        list.markedCount = list.marks.count
        list.pipeline = ListPipeline()
        list.pipeline.match(list.listQuery.searchFilters, in: list.index)
        list.selectedIndex = nil
        reorder()
        if let selected, !list.select(id: selected) { list.selectFirst() }
        list.summary.total = list.index.count
        let deferred = deferredChanges
        deferredChanges = []
        if !deferred.isEmpty {
            list.enqueue { [weak self] in await self?.merge(Array(deferred)) }
        }
    }

    /// While the full index is still loading, a search, tab or sort change asks the store for a first page.
    func refreshPreview() {
        let query = list.query
        previewTask?.cancel()
        previewTask = list.environment.work.onMain { [weak self, weak list = self.list] in
            guard let self, let list else { return }
            _ = list
            await self.fetchPreview(query)
        }
    }

    private func fetchPreview(_ query: OrderQuery) async {
        let list = self.list
        do {
            let page = try await list.store.orders(matching: query, page: PageRequest(limit: Self.firstPageSize))
            guard !indexIsComplete, !Task.isCancelled, list.source === self else { return }
            let selected = list.selectedOrderID
            list.index = OrderIndex(page.orders)
            list.rowTexts.reset()
            list.marks = SlotSet(capacity: list.index.count)
            list.markedCount = 0
            list.pipeline = ListPipeline()
            list.pipeline.matchAll(in: list.index)
            list.selectedIndex = nil
            reorder()
            if let selected { list.select(id: selected) }
        } catch is CancellationError {
            return
        } catch {
            list.errorMessage = "Could not load orders: \(error)"
        }
    }

    // MARK: The pipeline: matched → ordered → visible

    func queryChanged(_ change: ListQueryChange) {
        guard indexIsComplete else { return refreshPreview() }
        switch change {
        case .search(let previous):
            let filters = list.listQuery.searchFilters
            list.pipeline.match(filters, in: list.index, refining: ListQuery.refines(filters, previous) ? previous : nil)
            reorder()
        case .filters:
            refilterView()
        case .sort:
            reorder()
        case .view(let searchReplaced):
            if searchReplaced { list.pipeline.match(list.listQuery.searchFilters, in: list.index) }
            reorder()
        }
    }

    /// Re-sorts the matched rows and refreshes the view.
    func reorder() {
        refilterView(reordering: true)
    }

    /// Applies tab and toggles to the ordered matches (sorted again first when `reordering`),
    /// recounts, and keeps the selection.
    func refilterView(reordering: Bool = false) {
        let list = self.list
        let previousVisible = list.visible
        let previousIndex = list.selectedIndex
        let threshold = list.environment.highValueThreshold
        if reordering {
            list.pipeline.orderAndFilter(in: list.index, by: list.listQuery, highValueThreshold: threshold)
        } else {
            list.pipeline.filter(in: list.index, by: list.listQuery, highValueThreshold: threshold)
        }
        list.tabCounts = list.pipeline.tabCounts
        list.rowCount = list.visible.count
        list.summary = ListSummary(shown: list.visible.count, total: max(list.index.count, list.summary.total),
                                   marked: list.markedCount, totalsByCurrency: list.pipeline.totalsByCurrency,
                                   overdue: list.overdueCount(among: list.visible))
        list.restoreSelection(previousVisible: previousVisible, previousIndex: previousIndex)
        list.followSelection()
        recountSavedViews(force: false)
        list.revision += 1
    }

    /// Every row is held: nothing to fetch when the selection moves.
    func selectionMoved() {}

    // MARK: Live changes and writes

    /// Merges the changed orders once the index holds every order; before, they wait for it.
    func ordersChanged(_ ids: [OrderID]) {
        if indexIsComplete {
            list.enqueue { [weak self, weak list = self.list] in
                guard let self, let list else { return }
                await self.merge(ids)
                list.changeHandled()
            }
        } else {
            deferredChanges.formUnion(ids)
            list.changeHandled()
        }
    }

    /// Re-reads changed orders from the store and merges them into the index; rows
    /// that someone else changed are marked recently changed for a while.
    func merge(_ ids: [OrderID]) async {
        let list = self.list
        var changedSlots: [OrderIndex.Slot] = []
        let retried = unrefreshed.subtracting(ids).sorted()
        unrefreshed = []
        await list.forEachChangedOrder(ids + retried, failed: { batch, error in
            unrefreshed.formUnion(batch)
            refreshFailure = "Could not refresh \(batch[0])\(batch.count > 1 ? " and \(batch.count - 1) more" : ""): \(error)"
            list.errorMessage = refreshFailure
        }) { order in
            changedSlots.append(list.index.upsert(order))
            list.noteChangedBySomeoneElse(order)
        }
        if unrefreshed.isEmpty, let failure = refreshFailure {
            if list.errorMessage == failure { list.errorMessage = nil }
            refreshFailure = nil
        }
        if !changedSlots.isEmpty {
            list.summary.total = list.index.count
            list.rowsChanged(changedSlots)
        }
    }

    /// A write whose outcome is not known is read again; the rest already shows what was stored.
    func writesSettled(_ writes: [PendingWrite], unknown: [OrderID]) async {
        if !unknown.isEmpty { await merge(unknown) }
    }

    // MARK: Marks and actions: every order is held

    func markAllShown() {
        for slot in list.visible { list.marks.insert(slot) }
        list.marksChanged()
    }

    func stopMarking() -> Bool { false }

    func markRangeNotHeld(from upper: PageCursor, to lower: OrderID) -> Bool { false }

    func withOrdersHeld(_ ids: [OrderID], for what: String, gone: Set<OrderID>,
                        _ body: @escaping @MainActor (_ gone: Set<OrderID>) -> Void) {
        body(gone)
    }

    func hold(shown order: Order) -> OrderIndex.Slot? { nil }

    func holdsOnlyForAction(_ id: OrderID) -> Bool { false }

    // MARK: Figures

    func frequencyTable(of field: FrequencyField) async throws -> FrequencyTable {
        list.localFrequencyTable(of: field)
    }

    /// Counts every saved view's matches over the index, when the orders changed since the last
    /// count (`force`: whatever they did).
    func recountSavedViews(force: Bool) {
        let list = self.list
        if force { savedViewCountsTaken = nil }
        guard indexIsComplete else {
            if list.savedViewCounts != Array(repeating: nil, count: list.savedViewFilters.count) {
                list.savedViewCounts = Array(repeating: nil, count: list.savedViewFilters.count)
            }
            return
        }
        let taken = (generation: list.index.generation, count: list.index.count)
        if let last = savedViewCountsTaken, last == taken { return }
        savedViewCountsTaken = taken
        let counts = list.savedViewFilters.map { filters in filters.map { list.index.evaluate($0).count } }
        if counts != list.savedViewCounts { list.savedViewCounts = counts }
    }

    // MARK: Background work

    func pendingWork() -> Task<Void, Never>? { previewTask }

    func finished(_ work: Task<Void, Never>) {
        if previewTask == work { previewTask = nil }
    }

    func cancelWork() {
        previewTask?.cancel()
    }
}
