import Foundation
import Observation
import OrdersCore
import OrdersStorage
import TerminalText

/// The order list screen without its drawing: search, filters, sort, selection,
/// marks, actions with undo, live updates and loading, for up to millions of
/// orders. Rows are produced on demand (`row(at:)`) from a compact index of the rows
/// the list holds, so a virtualised table only ever builds the rows it shows.
///
/// The model holds the query, the selection, the marks and the actions once; where the rows come
/// from is its source (`ListSource`): every order in memory (`IndexedListSource`) or a window served
/// by PostgreSQL (`ServedListSource`), and the model never asks which. The value parts, each tested
/// on its own (`List/Parts/`): the query (`ListQuery`), the result pipeline (`ListPipeline`), the
/// selection rule (`KeptSelection`), the undo history (`ActionHistory`), the optimistic writes
/// (`OptimisticWriter`) and the viewport (`ListViewport`).
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

    /// The rows the list holds: every order's (`IndexedListSource`), or a served window's and the
    /// orders an action needs (`ServedListSource`). Actions change them in place.
    @ObservationIgnored var index = OrderIndex()
    /// Where the rows come from (`ListSource`), chosen at each load (`ListSourceChoice`).
    @ObservationIgnored var source: (any ListSource)!
    /// index → matched → ordered → visible, for `listQuery` (a served window shows its rows in order).
    @ObservationIgnored var pipeline = ListPipeline()
    @ObservationIgnored var history = ActionHistory()
    @ObservationIgnored var writer = OptimisticWriter()
    /// The marked orders the index holds, by slot.
    @ObservationIgnored var marks = SlotSet(capacity: 0)
    /// Marked orders the index does not hold (a served window moved away from them), with the
    /// version the operator saw when they were marked. Empty while the index holds every order.
    @ObservationIgnored var marksOutsideWindow: [OrderID: ListMark] = [:]
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
    /// Turns "saving…" into "waiting for the database…" when a write takes long.
    @ObservationIgnored var slowWriteTimer: Task<Void, Never>?
    /// Live changes from the feed handled so far (`waitForChangesHandled` waits for a count of them).
    @ObservationIgnored public internal(set) var changesHandled = 0
    @ObservationIgnored var changeWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// Screens told of every order a live change brought in (the detail screen follows its order).
    @ObservationIgnored var mergeObservers: [Int: @MainActor (ListLiveEvent) -> Void] = [:]
    @ObservationIgnored var nextMergeObserver = 0
    /// The parsed queries of the saved views whose counts the tab bar shows (`OrderListModel+SavedViews`).
    @ObservationIgnored var savedViewFilters: [[OrderFilter]?] = []
    /// `G` while the list's length is not known yet (a served list counting a new search): the last
    /// row is selected once it is (`goToTheEndIfWaiting`).
    @ObservationIgnored var goingToTheEnd = false
    /// The operators the store had seen when the list last loaded (see `operators`).
    @ObservationIgnored var storeOperators: [String] = []

    /// The rows shown, in order (of a server-served list, the rows held, from `windowOffset`).
    var visible: [OrderIndex.Slot] { pipeline.visible }
    /// The list position of `visible[0]`: 0 unless the server serves the list.
    var windowOffset: Int { source.windowOffset }

    /// Whether the server serves this list (chosen at each load by the store's order count).
    public var isServedByServer: Bool { source.isServedByServer }

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
        self.source = IndexedListSource(list: self)
    }

    /// A list over `store` that uses an existing formatter (shared by several screens).
    public init(store: any OrderStore, environment: PresentationEnvironment, formatter: OrderFormatter) {
        self.store = store
        self.environment = environment
        self.formatter = formatter
        self.dateColumnWidth = formatter.widestRelativeDate
        self.source = IndexedListSource(list: self)
    }

    isolated deinit {
        liveTask?.cancel()
        loadTask?.cancel()
        source.cancelWork()
        slowWriteTimer?.cancel()
    }

    // MARK: Rows changed in place

    /// Re-tests some rows against the current search after they changed, then lets the source
    /// sort, filter and count again.
    func rowsChanged(_ slots: [OrderIndex.Slot]) {
        pipeline.rematch(slots, filters: listQuery.searchFilters, in: index)
        marks.grow(to: index.count)
        guard !slots.isEmpty else { return }
        source.reorder()
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
        workTail = environment.work.onMain {
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
            } else if let task = source.pendingWork() {
                await task.value
                source.finished(task)
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
