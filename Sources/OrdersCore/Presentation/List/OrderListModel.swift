import Foundation
import Observation
import TerminalText

/// The order list screen without its drawing: search, filters, sort, selection,
/// marks, actions with undo, live updates and loading, for up to millions of
/// orders. Rows are produced on demand (`row(at:)`) from a compact in-memory
/// index, so a virtualised table only ever builds the rows it shows.
///
/// A facade over value parts, each tested on its own (`List/Parts/`): the query
/// (`ListQuery`), the result pipeline (`ListPipeline`), the undo history
/// (`ActionHistory`), the optimistic writes (`OptimisticWriter`) and the viewport
/// (`ListViewport`); loading and live merges are its extensions.
///
/// Every change a user makes updates the state synchronously on the main actor;
/// storage work runs in background tasks that `waitForPendingWork()` awaits.
@MainActor @Observable
public final class OrderListModel {
    public let store: any OrderStore
    public let environment: PresentationEnvironment
    /// The one formatter of the list (and of screens that share this model).
    public let formatter: OrderFormatter
    /// The width of the list's Date column: the widest date the formatter gives, so none is cut.
    public let dateColumnWidth: Int

    // MARK: Observed state

    /// What the list is asked to show: search text and its filters, tab, toggles and sort.
    public internal(set) var listQuery = ListQuery()
    /// How many rows the list shows.
    public internal(set) var rowCount = 0
    /// Index of the selected row, nil when the list is empty.
    public internal(set) var selectedIndex: Int?
    /// Rows per status tab for the current search (and toggles).
    public internal(set) var tabCounts: [StatusTab: Int] = [:]
    public internal(set) var summary = ListSummary()
    /// The last error to show the user (failed or conflicting update, load failure…).
    public internal(set) var errorMessage: String?
    /// A short confirmation of what the last action did ("3 orders flagged").
    public internal(set) var statusMessage: String?
    public internal(set) var loadingState: LoadingState = .idle
    /// Bumped whenever rows change in place, so views reading rows redraw.
    public internal(set) var revision = 0
    public internal(set) var markedCount = 0
    /// Whether writes are under way, and whether they wait for a database someone else holds.
    public internal(set) var writeState: WriteState = .idle
    /// Whether the database server can be reached (a store with a connection only): nil while
    /// all is well, `.unreachable` while the store reconnects, `.reconnected` for a moment after.
    public internal(set) var connectionNotice: ConnectionNotice?
    /// Where a range started by `v` begins (`OrderListModel+RangeMarks`); nil when none is open.
    public internal(set) var rangeStart: RangeStart?
    /// Notes that could not be saved (refused, or the write failed), by order, so the
    /// editor can keep them: a note someone typed is never thrown away.
    public internal(set) var unsavedNotes: [OrderID: String] = [:]
    /// How many demo orders the first run seeded this database with (`DemoSeedStore`), read at
    /// load; nil for a database it did not seed.
    public internal(set) var demoSeedCount: Int?
    /// How many orders each saved view's query matches, in the order of `setSavedViewFilters`
    /// (nil for a view whose query does not parse, and for all while the list is loading).
    public internal(set) var savedViewCounts: [Int?] = []
    /// The columns the operator or the shown view chose, in order; nil shows the standard columns
    /// (`OrderListModel+Columns`).
    public internal(set) var chosenColumns: [ListColumn]?

    // MARK: The parts (unobserved: views observe `revision` and the counts instead)

    @ObservationIgnored var index = OrderIndex()
    /// Whether `index` holds every order, or only a first page while loading.
    @ObservationIgnored var indexIsComplete = false
    /// index → matched → ordered → visible, for `listQuery`.
    @ObservationIgnored var pipeline = ListPipeline()
    @ObservationIgnored var history = ActionHistory()
    @ObservationIgnored var writer = OptimisticWriter()
    @ObservationIgnored var marks = SlotSet(capacity: 0)
    /// The rows the table shows, moved by selection changes (views observe `revision` and `selectedIndex`).
    @ObservationIgnored var viewport = ListViewport()
    /// The versions of the rows the last frame showed (`noteDrawn`): what the operator saw. A change
    /// merged after that frame and before a key is handled has not been seen yet.
    @ObservationIgnored var drawnVersions: [OrderID: Int] = [:]
    @ObservationIgnored var recentChanges: [OrderID: Date] = [:]
    @ObservationIgnored var rowTexts = RowTextCache()
    @ObservationIgnored var workTail: Task<Void, Never>?
    @ObservationIgnored var liveTask: Task<Void, Never>?
    /// Follows the store's connection health (`OrderListModel+ConnectionHealth`).
    @ObservationIgnored var healthTask: Task<Void, Never>?
    /// Takes "Reconnected" off the status bar after `reconnectedNoticeDuration`.
    @ObservationIgnored var reconnectedTimer: Task<Void, Never>?
    @ObservationIgnored var loadTask: Task<Void, Never>?
    @ObservationIgnored var previewTask: Task<Void, Never>?
    /// Turns "saving…" into "waiting for the database…" when a write takes long.
    @ObservationIgnored var slowWriteTimer: Task<Void, Never>?
    /// Orders reported changed while the full index was loading; merged once it is in.
    @ObservationIgnored var deferredChanges: Set<OrderID> = []
    /// Live changes from the feed handled so far (`waitForChangesHandled` waits for a count of them).
    @ObservationIgnored public internal(set) var changesHandled = 0
    @ObservationIgnored var changeWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// Screens told of every order a live change brought in (the detail screen follows its order).
    @ObservationIgnored var mergeObservers: [Int: @MainActor (ListLiveEvent) -> Void] = [:]
    @ObservationIgnored var nextMergeObserver = 0
    /// How the last load used the index file beside the database (`IndexFileStore`); nil for stores without one.
    @ObservationIgnored var indexFileOutcome: IndexFileOutcome?
    /// The background write of the index file after a build from the scan (tests await it).
    @ObservationIgnored var indexFileWrite: Task<IndexFileWriteResult, Never>?
    /// The parsed queries of the saved views whose counts the tab bar shows (`OrderListModel+SavedViews`).
    @ObservationIgnored var savedViewFilters: [[OrderFilter]?] = []
    /// The index generation and size the view counts were taken at: they are counted again only
    /// when the orders change, not on every key typed in the search.
    @ObservationIgnored var savedViewCountsTaken: (generation: Int, count: Int)?
    /// The rows held when the server serves the list (`OrderListModel+ServerList`), nil when the
    /// list holds the in-memory index of every order.
    @ObservationIgnored var serverWindow: ServerWindow?
    /// The latest server read for a query or a live change, and the latest window move.
    @ObservationIgnored var serverTask: Task<Void, Never>?
    @ObservationIgnored var windowTask: Task<Void, Never>?
    /// The read of a new search's counts, shown after its rows (`OrderListModel+ServerCounts`),
    /// and the filters it counts.
    @ObservationIgnored var tallyTask: Task<Void, Never>?
    @ObservationIgnored var tallyFilters: [OrderFilter]?
    /// The count of where a new search's rows stand, when they were placed at a guess (`ServerWindow.guessedPlace`).
    @ObservationIgnored var placeTask: Task<Void, Never>?
    /// `G` while a new search is counted: the last row is selected once the list's length is known.
    @ObservationIgnored var goingToTheEnd = false
    /// Marked orders a server-served list's window does not hold now (marks survive moving the
    /// window), with the version the operator saw when they were marked.
    @ObservationIgnored var marksOutsideWindow: [OrderID: ListMark] = [:]
    /// Rows a server-served list's index holds beyond its window, never shown: orders an action or an
    /// undo applies to that the window does not hold (`OrderListModel+OrdersOutsideWindow`).
    @ObservationIgnored var rowsOutsideWindow: [OrderID: OrderIndexRow] = [:]
    /// The read of such orders before an action on them; no other action runs meanwhile.
    @ObservationIgnored var outsideWindowRead: Task<Void, Never>?
    /// The read of every order a served list shows, for `*` (`OrderListModel+ServerMarks`).
    @ObservationIgnored var markAllTask: Task<Void, Never>?
    /// The saved views counted by the server, for a server-served list (`OrderListModel+SavedViews`).
    @ObservationIgnored var savedViewCountTask: Task<Void, Never>?
    /// The operators the store had seen when the list last loaded (see `operators`).
    @ObservationIgnored var storeOperators: [String] = []

    /// The rows shown, in order (of a server-served list, the rows held, from `windowOffset`).
    var visible: [OrderIndex.Slot] { pipeline.visible }
    /// The list position of `visible[0]`: 0 unless the server serves the list.
    var windowOffset: Int { serverWindow?.offset ?? 0 }

    /// The slot shown at a list position, nil outside the list or where a server-served list holds no row yet.
    func slot(at position: Int) -> OrderIndex.Slot? {
        let held = position - windowOffset
        return visible.indices.contains(held) ? visible[held] : nil
    }

    // MARK: The query, as the screens read it

    /// What is typed in the search box.
    public var searchText: String { listQuery.searchText }
    /// Why the search text cannot be used; the list keeps showing the last good result.
    public var queryError: SearchQueryError? { listQuery.queryError }
    /// The filters of the last search text that parsed.
    public var searchFilters: [OrderFilter] { listQuery.searchFilters }
    public var statusTab: StatusTab { listQuery.statusTab }
    public var highValueOnly: Bool { listQuery.highValueOnly }
    public var flaggedOnly: Bool { listQuery.flaggedOnly }
    public var sort: OrderSort { listQuery.sort }

    /// Whether there is an action to undo / redo.
    public internal(set) var canUndo = false
    public internal(set) var canRedo = false

    /// A list over `store`; call `load()` to fill it.
    public init(store: any OrderStore, environment: PresentationEnvironment) {
        self.store = store
        self.environment = environment
        self.formatter = OrderFormatter(locale: environment.locale, calendar: environment.calendar)
        self.dateColumnWidth = formatter.widestRelativeDate
    }

    /// A list over `store` that uses an existing formatter (shared by several screens).
    public init(store: any OrderStore, environment: PresentationEnvironment, formatter: OrderFormatter) {
        self.store = store
        self.environment = environment
        self.formatter = formatter
        self.dateColumnWidth = formatter.widestRelativeDate
    }

    isolated deinit {
        liveTask?.cancel()
        loadTask?.cancel()
        serverTask?.cancel()
        windowTask?.cancel()
        outsideWindowRead?.cancel()
        markAllTask?.cancel()
        tallyTask?.cancel()
        placeTask?.cancel()
        previewTask?.cancel()
        slowWriteTimer?.cancel()
    }

    // MARK: The pipeline: matched → ordered → visible

    /// Re-sorts the matched rows and refreshes the view.
    func reorder() {
        // A server-served window keeps the server's order and counts until the next refresh.
        guard serverWindow == nil else { revision += 1; return }
        pipeline.order(in: index, by: listQuery.sort)
        refilterView()
    }

    /// Applies tab and toggles to the ordered matches, recounts, and keeps the selection.
    func refilterView() {
        guard serverWindow == nil else { revision += 1; return }
        let previousVisible = visible
        let previousIndex = selectedIndex
        pipeline.filter(in: index, by: listQuery, highValueThreshold: environment.highValueThreshold)
        tabCounts = pipeline.tabCounts
        rowCount = visible.count
        summary = ListSummary(shown: visible.count, total: max(index.count, summary.total), marked: markedCount,
                              totalsByCurrency: pipeline.totalsByCurrency, overdue: overdueCount(among: visible))
        restoreSelection(previousVisible: previousVisible, previousIndex: previousIndex)
        followSelection()
        recountSavedViewsIfOrdersChanged()
        revision += 1
    }

    /// Re-tests some rows against the current search after they changed, then refreshes the view.
    func rowsChanged(_ slots: [OrderIndex.Slot]) {
        pipeline.rematch(slots, filters: listQuery.searchFilters, in: index)
        marks.grow(to: index.count)
        guard !slots.isEmpty else { return }
        reorder()
    }

    // MARK: Rows

    /// The row at a position of the list, or nil outside `0..<rowCount`.
    public func row(at position: Int) -> OrderRow? {
        _ = revision
        guard let slot = slot(at: position) else { return nil }
        let id = index.id(slot)
        let total = index.total(slot)
        let currency = index.currency(slot)
        let status = index.status(slot)
        let now = environment.now()
        let texts = rowTexts.texts(for: slot, generation: index.generation, now: now) {
            let due = environment.fulfilmentPromise
                .flatMap { index.dueDate(slot, promise: $0) }.map { FulfilmentPromise.dueState(due: $0, now: now) }
            return RowTextCache.Texts(
                customer: TerminalText.neutralized(index.customerName(slot)),
                dateText: formatter.relativeDate(index.createdAt(slot), now: now),
                ageText: formatter.age(since: index.ageStart(slot), now: now),
                due: due, dueText: due.map(formatter.dueText) ?? "",
                totalText: formatter.money(total, currency), statusText: formatter.label(status),
                statusCell: OrderStatusWords.cell(payment: index.payment(slot), fulfillment: index.fulfillment(slot),
                                                  unmatchedSourceStatus: index.unmatchedSourceStatus(slot)),
                assignee: TerminalText.neutralized(index.assignee(slot) ?? ""),
                tags: TerminalText.neutralized(index.tags(slot).joined(separator: ", ")),
                country: TerminalText.neutralized(index.country(slot)), source: TerminalText.neutralized(index.source(slot)),
                outstandingText: formatter.money(index.shownOutstanding(slot), currency))
        }
        return OrderRow(
            id: id, idText: TerminalText.neutralized(index.number(slot)),
            dateText: texts.dateText, ageText: texts.ageText, due: texts.due, dueText: texts.dueText,
            customer: texts.customer, customerHighlights: Self.highlights(in: texts.customer, for: searchFilters),
            itemCount: index.itemCount(slot), total: total, currency: currency,
            totalText: texts.totalText, status: status, statusText: texts.statusText, statusCell: texts.statusCell,
            assignee: texts.assignee, tags: texts.tags, country: texts.country, source: texts.source,
            outstandingText: texts.outstandingText, isFlagged: index.isFlagged(slot), isMarked: marks.contains(slot),
            isRecentlyChanged: recentChanges[id].map { $0 > now } ?? false,
            isSelected: position == selectedIndex)
    }

    /// The ids of rows `range` (clamped), in list order: what a page of the table shows.
    /// Of a server-served list, only the rows held (`rowsHeld`).
    public func ids(in range: Range<Int>) -> [OrderID] {
        range.compactMap { slot(at: $0).map(index.id) }
    }

    /// Every shown id in order (for tests; O(rows)); of a server-served list, the rows held.
    public var visibleIDs: [OrderID] { _ = revision; return visible.map { index.id($0) } }

    /// The list positions whose rows the list holds: all of them, unless the server serves the list.
    public var rowsHeld: Range<Int> { _ = revision; return windowOffset..<windowOffset + visible.count }

    /// Where an order is in the list, or nil if it is not shown (or not held).
    public func position(of id: OrderID) -> Int? {
        guard let slot = index.slot(of: id), let held = visible.firstIndex(of: slot) else { return nil }
        return windowOffset + held
    }

    // MARK: Background work

    /// Runs storage work after the work already queued, in order, off the user's path.
    func enqueue(_ work: @escaping @MainActor () async -> Void) {
        let previous = workTail
        workTail = Task { @MainActor in
            await previous?.value
            await work()
        }
    }

    /// Waits until loading and every queued write, rollback and merge has finished
    /// (tests use it instead of sleeping; the app never needs to).
    public func waitForPendingWork() async {
        while true {
            if let task = loadTask {
                await task.value
                if loadTask == task { loadTask = nil }
            } else if let task = serverTask {
                await task.value
                if serverTask == task { serverTask = nil }
            } else if let task = outsideWindowRead {
                await task.value
                if outsideWindowRead == task { outsideWindowRead = nil }
            } else if let task = markAllTask {
                await task.value
                if markAllTask == task { markAllTask = nil }
            } else if let task = windowTask {
                await task.value
                if windowTask == task { windowTask = nil }
            } else if let task = placeTask {
                await task.value
                if placeTask == task { placeTask = nil }
            } else if let task = tallyTask {
                await task.value
                if tallyTask == task { tallyTask = nil; tallyFilters = nil }
            } else if let task = savedViewCountTask {
                await task.value
                if savedViewCountTask == task { savedViewCountTask = nil }
            } else if let task = previewTask {
                await task.value
                if previewTask == task { previewTask = nil }
            } else if let tail = workTail {
                await tail.value
                if workTail == tail { workTail = nil }
            } else {
                return
            }
        }
    }

    /// Bytes the list holds per order it knows (index plus result arrays), for the benchmark.
    public var memoryPerOrder: Double {
        let arrays = pipeline.memoryFootprint + marks.words.capacity * 8
        return Double(index.memoryFootprint + arrays) / Double(max(index.count, 1))
    }

    /// Clears the error shown to the user.
    public func dismissError() {
        errorMessage = nil
    }
}
