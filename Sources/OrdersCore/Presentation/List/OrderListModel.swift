import Foundation
import Observation
import TerminalText

/// The order list screen without its drawing: search, filters, sort, selection,
/// marks, actions with undo, live updates and loading, for up to millions of
/// orders. Rows are produced on demand (`row(at:)`) from a compact in-memory
/// index, so a virtualised table only ever builds the rows it shows.
///
/// Every change a user makes updates the state synchronously on the main actor;
/// storage work runs in background tasks that `waitForPendingWork()` awaits.
@MainActor @Observable
public final class OrderListModel {
    public let store: any OrderStore
    public let environment: PresentationEnvironment
    /// The one formatter of the list (and of screens that share this model).
    public let formatter: OrderFormatter

    // MARK: Observed state

    /// What is typed in the search box.
    public internal(set) var searchText = ""
    /// Why the search text cannot be used; the list keeps showing the last good result.
    public internal(set) var queryError: SearchQueryError?
    /// The filters of the last search text that parsed.
    public internal(set) var searchFilters: [OrderFilter] = []
    public internal(set) var statusTab: StatusTab = .all
    public internal(set) var highValueOnly = false
    public internal(set) var flaggedOnly = false
    public internal(set) var sort: OrderSort = .default
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

    // MARK: Unobserved working data (views observe `revision` and the counts instead)

    @ObservationIgnored var index = OrderIndex()
    /// Whether `index` holds every order, or only a first page while loading.
    @ObservationIgnored var indexIsComplete = false
    @ObservationIgnored var matched = SlotSet(capacity: 0)
    @ObservationIgnored var matchedOrdered: [OrderIndex.Slot] = []
    @ObservationIgnored var visible: [OrderIndex.Slot] = []
    @ObservationIgnored var marks = SlotSet(capacity: 0)
    @ObservationIgnored var recentChanges: [OrderID: Date] = [:]
    @ObservationIgnored var rowTexts = RowTextCache()
    @ObservationIgnored var workTail: Task<Void, Never>?
    @ObservationIgnored var pendingWrites: [OrderID: Int] = [:]
    @ObservationIgnored var undoStack: [ActionRecord] = []
    @ObservationIgnored var nextRecordSerial = 0
    @ObservationIgnored var redoStack: [ActionRecord] = []
    @ObservationIgnored var liveTask: Task<Void, Never>?
    @ObservationIgnored var loadTask: Task<Void, Never>?
    @ObservationIgnored var previewTask: Task<Void, Never>?
    /// Orders reported changed while the full index was loading; merged once it is in.
    @ObservationIgnored var deferredChanges: Set<OrderID> = []
    @ObservationIgnored var changesHandled = 0
    /// The ordering of all rows for one sort, valid while the index generation is unchanged.
    @ObservationIgnored var fullOrderCache: (sort: OrderSort, generation: Int, slots: [OrderIndex.Slot])?
    /// The first row the table showed last, kept by order so scrolling survives changes.
    @ObservationIgnored var scrollAnchor: (position: Int, slot: OrderIndex.Slot)?
    @ObservationIgnored var changeWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Whether there is an action to undo / redo.
    public internal(set) var canUndo = false
    public internal(set) var canRedo = false

    /// A list over `store`; call `load()` to fill it.
    public init(store: any OrderStore, environment: PresentationEnvironment) {
        self.store = store
        self.environment = environment
        self.formatter = OrderFormatter(locale: environment.locale, calendar: environment.calendar)
    }

    /// A list over `store` that uses an existing formatter (shared by several screens).
    public init(store: any OrderStore, environment: PresentationEnvironment, formatter: OrderFormatter) {
        self.store = store
        self.environment = environment
        self.formatter = formatter
    }

    isolated deinit {
        liveTask?.cancel()
        loadTask?.cancel()
        previewTask?.cancel()
    }

    // MARK: The pipeline: matched → ordered → visible

    /// Re-sorts the matched rows and refreshes the view.
    func reorder() {
        if matched.count == index.count {
            // Everything matches (no search): the whole ordering is reused until a row changes.
            if let cache = fullOrderCache, cache.sort == sort, cache.generation == index.generation {
                matchedOrdered = cache.slots
            } else {
                matchedOrdered = index.orderedSlots(of: matched, sort: sort)
                fullOrderCache = (sort, index.generation, matchedOrdered)
            }
        } else {
            matchedOrdered = index.orderedSlots(of: matched, sort: sort)
        }
        refilterView()
    }

    /// Applies tab and toggles to the ordered matches, recounts, and keeps the selection.
    func refilterView() {
        let previousVisible = visible
        let previousIndex = selectedIndex
        let statusMask = statusTab.statuses.map { StatusMask($0) } ?? .all
        let highValue = highValueOnly ? environment.highValueThreshold : nil
        // Counts and sums do not depend on the order: take them in slot order, which reads memory sequentially.
        let tally = index.tally(of: matched, statusMask: statusMask, flaggedOnly: flaggedOnly, highValueAbove: highValue)
        if statusMask == .all, !flaggedOnly, highValue == nil {
            visible = matchedOrdered
        } else {
            visible = index.filter(matchedOrdered, statusMask: statusMask, flaggedOnly: flaggedOnly, highValueAbove: highValue)
        }
        var tabs: [StatusTab: Int] = [.all: tally.countsByStatus.reduce(0, +)]
        for status in OrderStatus.allCases {
            tabs[StatusTab.tab(for: status), default: 0] += tally.countsByStatus[status.workflowRank]
        }
        tabCounts = tabs
        rowCount = visible.count
        summary = ListSummary(shown: visible.count, total: max(index.count, summary.total), marked: markedCount,
                              totalsByCurrency: tally.totalsByCurrency)
        restoreSelection(previousVisible: previousVisible, previousIndex: previousIndex)
        revision += 1
    }

    /// Re-tests some rows against the current search after they changed, then refreshes the view.
    func rowsChanged(_ slots: [OrderIndex.Slot]) {
        matched.grow(to: index.count)
        marks.grow(to: index.count)
        guard !slots.isEmpty else { return }
        let retested = index.evaluate(searchFilters, within: {
            var set = SlotSet(capacity: index.count)
            for slot in slots { set.insert(slot) }
            return set
        }())
        for slot in slots { matched.set(slot, retested.contains(slot)) }
        reorder()
    }

    // MARK: Rows

    /// The row at a position of the list, or nil outside `0..<rowCount`.
    public func row(at position: Int) -> OrderRow? {
        _ = revision
        guard visible.indices.contains(position) else { return nil }
        let slot = visible[position]
        let id = index.id(slot)
        let total = index.total(slot)
        let currency = index.currency(slot)
        let status = index.status(slot)
        let now = environment.now()
        let texts = rowTexts.texts(for: slot, generation: index.generation, now: now) {
            RowTextCache.Texts(
                customer: TerminalText.neutralized(index.customerName(slot)),
                dateText: formatter.relativeDate(index.createdAt(slot), now: now),
                totalText: formatter.money(total, currency), statusText: formatter.label(status))
        }
        return OrderRow(
            id: id, idText: id.description,
            dateText: texts.dateText,
            customer: texts.customer, customerHighlights: Self.highlights(in: texts.customer, for: searchFilters),
            itemCount: index.itemCount(slot), total: total, currency: currency,
            totalText: texts.totalText, status: status, statusText: texts.statusText,
            isFlagged: index.isFlagged(slot), isMarked: marks.contains(slot),
            isRecentlyChanged: recentChanges[id].map { $0 > now } ?? false,
            isSelected: position == selectedIndex)
    }

    /// The ids of rows `range` (clamped), in list order: what a page of the table shows.
    public func ids(in range: Range<Int>) -> [OrderID] {
        let clamped = range.clamped(to: visible.indices)
        return visible[clamped].map { index.id($0) }
    }

    /// Every shown id in order (for tests and exports; O(rows)).
    public var visibleIDs: [OrderID] { _ = revision; return visible.map { index.id($0) } }

    /// Where an order is in the list, or nil if it is not shown.
    public func position(of id: OrderID) -> Int? {
        guard let slot = index.slot(of: id) else { return nil }
        return visible.firstIndex(of: slot)
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
        let arrays = matchedOrdered.capacity * 4 + visible.capacity * 4 + matched.words.capacity * 8 + marks.words.capacity * 8
        return Double(index.memoryFootprint + arrays) / Double(max(index.count, 1))
    }

    /// Clears the error shown to the user.
    public func dismissError() {
        errorMessage = nil
    }
}
