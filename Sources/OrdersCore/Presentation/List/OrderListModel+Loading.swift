import Foundation

extension OrderListModel {
    /// Rows fetched straight from the store so the list is usable at once.
    static let firstPageSize = 500
    /// Orders per batch while building the full index.
    static let scanBatchSize = 20_000

    /// Starts watching the store for changes, then loads every order.
    public func start() {
        startObservingChanges()
        load()
    }

    /// Loads the list: first a page straight from the store (usable at once), then
    /// the full index in the background with progress in `loadingState`.
    public func load() {
        loadTask?.cancel()
        loadingState = .loading(loaded: 0, total: nil)
        loadTask = Task { [weak self] in
            await self?.performLoad()
        }
    }

    private func performLoad() async {
        do {
            if let server = try await serverSource() {
                try await loadFromServer(server)
                loadingState = .loaded
            } else {
                try await loadIndex()
            }
        } catch is CancellationError {
            return
        } catch {
            loadingState = .failed("Could not load orders: \(error)")
            errorMessage = "Could not load orders: \(error)"
            return
        }
        // The header's "demo data": a database that cannot say stays unmarked (nothing is lost
        // by not saying it; the orders are shown either way).
        if let seeded = store as? any DemoSeedStore { demoSeedCount = try? await seeded.demoSeedCount() }
        // After the list, which must not wait for it: only completing names needs the operators.
        do {
            storeOperators = try await store.operators()
        } catch is CancellationError {
            return
        } catch {
            errorMessage = "Could not read the team's operators: \(error)"
        }
    }

    /// The in-memory source: the index file beside the database when it is this database's
    /// (patched with the change log since its mark); else a first page straight from the store,
    /// then the index of every order, written to the file in the background for the next launch.
    private func loadIndex() async throws {
        if serverWindow != nil {
            // The store shrank below the threshold since the last load: forget the server's window.
            serverWindow = nil
            indexIsComplete = false
        }
        let fileStore = store as? any IndexFileStore
        if let fileStore, try await loadIndexFile(from: fileStore) {
            loadingState = .loaded
            return
        }
        if !indexIsComplete {
            await fetchPreview(query)
        }
        // Taken before the scan: a change made while it runs is in the log after the mark, so
        // the file written from this build is patched with it at the next open.
        let mark = try await fileStore?.indexMark()
        let counts = try await store.countsByStatus(matching: .all)
        let total = counts.values.reduce(0, +)
        summary.total = total
        loadingState = .loading(loaded: 0, total: total)
        let built = try await Self.buildIndex(from: store, batchSize: Self.scanBatchSize) { [weak self] loaded in
            await self?.indexProgress(loaded: loaded, total: total)
        }
        try Task.checkCancellation()
        install(built)
        loadingState = .loaded
        if let fileStore, let mark { writeIndexFile(built, mark: mark, for: fileStore) }
    }

    private func indexProgress(loaded: Int, total: Int) {
        if case .loading = loadingState { loadingState = .loading(loaded: loaded, total: total) }
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
        let selected = selectedOrderID
        let markedIDs = self.markedIDs
        // A row with a write under way shows the action already (optimistic); the new index was read
        // from the store before that write ended, so the row keeps what the action made of it until the
        // write settles it (stored, conflict or rolled back).
        let optimistic: [(OrderID, MutableOrderFields)] = writer.pending.keys.compactMap { id in
            index.slot(of: id).map { (id, index.mutableFields($0)) }
        }
        index = newIndex
        for (id, fields) in optimistic {
            if let slot = index.slot(of: id) { index.setMutableFields(of: slot, fields) }
        }
        rowTexts.reset()
        indexIsComplete = true
        savedViewCountsTaken = nil
        marks = SlotSet(capacity: index.count)
        for id in markedIDs { if let slot = index.slot(of: id) { marks.insert(slot) } }
        // The index holds every order now: nothing is marked or held outside a server's window.
        marksOutsideWindow = [:]
        rowsOutsideWindow = [:]
        markedCount = marks.count
        pipeline = ListPipeline()
        pipeline.match(listQuery.searchFilters, in: index)
        selectedIndex = nil
        reorder()
        if let selected, !select(id: selected) { selectFirst() }
        summary.total = index.count
        let deferred = deferredChanges
        deferredChanges = []
        if !deferred.isEmpty {
            enqueue { [weak self] in await self?.merge(Array(deferred)) }
        }
    }

    /// While the full index is still loading, a search, tab or sort change asks the store for a first page.
    func refreshPreview() {
        let query = self.query
        previewTask?.cancel()
        previewTask = Task { [weak self] in
            await self?.fetchPreview(query)
        }
    }

    private func fetchPreview(_ query: OrderQuery) async {
        do {
            let page = try await store.orders(matching: query, page: PageRequest(limit: Self.firstPageSize))
            guard !indexIsComplete, !Task.isCancelled else { return }
            let selected = selectedOrderID
            index = OrderIndex(page.orders)
            rowTexts.reset()
            marks = SlotSet(capacity: index.count)
            markedCount = 0
            pipeline = ListPipeline()
            pipeline.matchAll(in: index)
            selectedIndex = nil
            reorder()
            if let selected { select(id: selected) }
        } catch is CancellationError {
            return
        } catch {
            errorMessage = "Could not load orders: \(error)"
        }
    }
}
