import Foundation
import Observation
import OrdersCore
import OrdersStorage

/// The dashboard's state: the last figures computed and their panels, formatted; whether newer
/// ones are on the way; the period; and which number Enter would open.
///
/// Figures are computed off the main actor (from the list's index: `DashboardFigures+Index`), so
/// the screen keeps showing the last ones, marked as updating, until the new ones arrive; a refresh
/// asked for while another runs wins, and the older result is dropped. While started it follows the
/// list: every change to the list's rows (a live change from the feed, a load, an action) refreshes it.
/// A list served by the server holds only a window of rows: there the server computes the figures
/// (`DashboardFiguresStore`), and the store's change feed refreshes them, one read at a time.
@MainActor
@Observable
public final class DashboardModel {
    /// The latest figures, nil before the first computation ends.
    public private(set) var figures: DashboardFigures?
    /// The panels of `figures`, formatted.
    public private(set) var panels: [DashboardPanel: DashboardPanelContent] = [:]
    /// The moment `figures` were computed for (their overdue are those overdue then).
    public private(set) var figuresComputedAt: Date?
    /// A computation is running; `figures` (if any) are from before it.
    public private(set) var isUpdating = false
    /// Days in the period: 30 or 90.
    public private(set) var periodDays = 30
    /// The panels the screen's size allows (`DashboardLayout`), set by the shell before each frame.
    public private(set) var layout = DashboardLayout(width: 80, height: 24)
    /// The number Enter opens; its item is clamped to the panel's items when read.
    public private(set) var focus = DashboardFocus(panel: .openByAge, item: AgeBucket.allCases.count - 1)

    @ObservationIgnored private var generation = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored let list: OrderListModel?
    @ObservationIgnored private let promise: FulfilmentPromise?
    /// The index generation the figures being computed (or shown) were taken from.
    @ObservationIgnored private var computedGeneration: Int?
    @ObservationIgnored private var isFollowingList = false
    /// The store's change feed, followed while started (it refreshes a server-served list's figures).
    @ObservationIgnored private var feedTask: Task<Void, Never>?
    /// Other operators' changes to a server-served list: one server read at a time.
    @ObservationIgnored private(set) lazy var feedRefresh = CoalescedRefresh(work: work) { [weak self] in
        guard let self else { return }
        self.refresh()
        await self.waitForRefresh()
    }

    /// Where its computations and its feed run (the list's, when it has one).
    @ObservationIgnored private let work: ModelWork

    /// A dashboard that is only given orders (`refresh(orders:settings:)`).
    public init(work: ModelWork = ModelWork()) {
        list = nil
        promise = nil
        self.work = work
    }

    /// A dashboard of the orders `list` holds, overdue by `promise`.
    public init(list: OrderListModel, promise: FulfilmentPromise?) {
        self.list = list
        self.promise = promise
        work = list.environment.work
    }

    // MARK: Computing

    /// Computes the figures for `orders` under `settings` off the main actor, then shows them.
    public func refresh(orders: [Order], settings: DashboardSettings) {
        run(settings: settings) { DashboardFigures.compute(orders: orders, settings: settings) }
    }

    /// Computes the figures of the list's orders now, off the main actor, then shows them.
    public func refresh() {
        guard let list else { return }
        let index = list.index
        let settings = settings(now: list.environment.now(), calendar: list.environment.calendar)
        computedGeneration = index.generation
        guard !list.isServedByServer else {
            // A server-served list holds only the rows around its selection, and the figures need
            // every order: the server computes them (every `ServerListStore` is a `DashboardFiguresStore`).
            guard let server = list.store as? any DashboardFiguresStore else { return }
            runReading(settings: settings) { try await server.dashboardFigures(settings: settings) }
            return
        }
        run(settings: settings) { DashboardFigures.compute(index: index, settings: settings) }
    }

    /// The settings of a computation at `now`. The moment is cut to a whole second, so every
    /// figure's bounds can be written as a search (`OrderQuery.searchText`).
    func settings(now: Date, calendar: Calendar) -> DashboardSettings {
        DashboardSettings(now: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)), calendar: calendar,
                          periodDays: periodDays, promise: promise, topCount: DashboardLayout.maximumRankingRows)
    }

    /// Computes the figures off the main actor, then shows them unless a newer computation started.
    private func run(settings: DashboardSettings, _ compute: @escaping @Sendable () -> DashboardFigures) {
        runReading(settings: settings) { compute() }
    }

    /// `run` for figures that are read from the store first; a failed read keeps the figures shown.
    private func runReading(settings: DashboardSettings, _ compute: @escaping @Sendable () async throws -> DashboardFigures) {
        generation += 1
        let current = generation
        isUpdating = true
        task?.cancel()
        let work = self.work
        task = work.onMain { [weak self] in
            let figures = await work.inBackground(priority: .userInitiated) { try? await compute() }.value
            guard let self, current == self.generation else { return }
            if let figures { self.show(figures, settings: settings) } else { self.isUpdating = false }
        }
    }

    private func show(_ figures: DashboardFigures, settings: DashboardSettings) {
        self.figures = figures
        figuresComputedAt = settings.now
        if let formatter = list?.formatter {
            panels = DashboardPresentation(formatter: formatter, periodDays: settings.periodDays).panels(figures)
        }
        isUpdating = false
    }

    /// Waits until the latest refresh has been shown (for tests and benchmarks).
    public func waitForRefresh() async {
        while let task {
            let running = generation
            await task.value
            if running == generation { break }
        }
    }

    /// Waits until the figures shown are those of the list's rows as they are now (for tests and
    /// benchmarks: a change's refresh starts on the main actor's next turn after the change).
    public func waitUntilCurrent() async {
        while true {
            await feedRefresh.waitUntilIdle()
            await waitForRefresh()
            guard isFollowingList, let list, list.index.generation != computedGeneration || isUpdating else { return }
            await Task.yield()
        }
    }

    // MARK: Following the list

    /// Computes now and again after every change to the list's rows, until `stop()`.
    public func start() {
        isFollowingList = true
        refresh()
        followList()
        followStoreChanges()
    }

    /// Stops following the list (the screen is closed).
    public func stop() {
        isFollowingList = false
        feedTask?.cancel()
        feedTask = nil
    }

    /// Every change notice of the store refreshes the figures of a server-served list (an in-memory
    /// list merges the change into its index first, and `followList` sees that).
    private func followStoreChanges() {
        guard feedTask == nil, let list else { return }
        let changes = list.store.changes()
        feedTask = work.following { [weak self] in
            for await change in changes {
                guard let self, self.isFollowingList else { return }
                // Saved views are no figure's business.
                if list.isServedByServer, change != .savedViews { self.feedRefresh.request() }
            }
        }
    }

    private func followList() {
        guard isFollowingList, let list else { return }
        let work = self.work
        withObservationTracking {
            _ = list.revision
        } onChange: { [weak self] in
            work.onMain { self?.listChanged() }
        }
    }

    private func listChanged() {
        guard isFollowingList, let list else { return }
        // A new search or tab bumps the revision too, but leaves the rows, and so the figures, alone.
        // A server-served list's rows are a window that moves: its figures follow the store's feed.
        if !list.isServedByServer, list.index.generation != computedGeneration { refresh() }
        followList()
    }

    // MARK: Period, layout and focus

    /// 30 days ↔ 90 days, computed again.
    public func togglePeriod() {
        periodDays = periodDays == 30 ? 90 : 30
        refresh()
    }

    /// The panels a screen of this size shows; focus stays on a shown panel.
    public func setLayout(_ newLayout: DashboardLayout) {
        guard newLayout != layout else { return }
        layout = newLayout
        if !layout.panels.contains(focus.panel), let first = layout.panels.first {
            focus = DashboardFocus(panel: first, item: 0)
        }
    }

    /// Focus on the next (or previous) panel shown, on its last item (today, the oldest bucket, the top bar).
    public func moveFocus(panelsBy step: Int) {
        let shown = layout.panels
        guard !shown.isEmpty else { return }
        let position = shown.firstIndex(of: focus.panel) ?? 0
        let panel = shown[((position + step) % shown.count + shown.count) % shown.count]
        focus = DashboardFocus(panel: panel, item: panel.chart == .bars ? 0 : Int.max)
        focus.item = selectedItemIndex ?? 0
    }

    /// The next (or previous) number of the focused panel, stopping at its ends.
    public func moveFocus(itemsBy step: Int) {
        guard let current = selectedItemIndex, let count = shownItems(of: focus.panel)?.count else { return }
        focus.item = min(max(current + step, 0), count - 1)
    }

    /// Whether the list's orders are the first run's demo data (the header says so).
    public var showsDemoData: Bool { list?.showsDemoData ?? false }

    /// The items a panel shows: all of them, but only the first `layout.bars(of:)` of a ranking.
    public func shownItems(of panel: DashboardPanel) -> [DashboardItem]? {
        guard let content = panels[panel] else { return nil }
        return panel.isRanking ? Array(content.items.prefix(layout.bars(of: panel))) : content.items
    }

    /// The focused item's position in its panel, nil while the panel has no items.
    public var selectedItemIndex: Int? {
        guard let count = shownItems(of: focus.panel)?.count, count > 0 else { return nil }
        return min(max(focus.item, 0), count - 1)
    }

    /// The number Enter opens.
    public var selectedItem: DashboardItem? {
        guard let index = selectedItemIndex else { return nil }
        return shownItems(of: focus.panel)?[index]
    }
}
