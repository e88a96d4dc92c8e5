import Foundation
import Observation
import OrdersCore
import OrdersPresentation
import OrdersScreens
import TermRender

/// The app's state machine: the route stack (list → detail), which part has the
/// keyboard, the one modal at a time with its own state, and the notice line.
/// A key press becomes a typed command (`handle(_:)`), the command changes this
/// state and the models synchronously (`send(_:)`, one exhaustive switch per
/// context in the `AppCoordinator+…Commands` files), and anything slow or
/// terminal-bound comes back as `AppEffect` values for `AppShell` to run.
/// It never starts a task of its own and draws nothing.
@MainActor @Observable
public final class AppCoordinator {
    public let list: OrderListModel
    public let palette: CommandPaletteModel
    /// The dashboard's figures and focus; it follows the list only while it is shown.
    public let dashboard: DashboardModel
    /// The saved views (tabs after the status tabs, `:view`, `:save`); nil when the store keeps none.
    public let views: SavedViewsModel?
    /// An import from `:import FILE`, its progress and summary.
    public let importer: ImportModel
    /// Pulling the connected shops (`:sync`, and in the background); nil for a store that keeps no shops.
    public let shopSync: ShopSyncModel?
    /// The rules screen (`:rules`); nil for a store that keeps no rules.
    public let rules: RulesModel?
    /// The bindings in force (defaults plus the config's overrides).
    public let keymaps: KeymapSet
    /// After an action on one order of the list, select the next one.
    public let autoAdvance: Bool
    /// The operator's own commands (`"commands"` in the config): run by their keys on the list and
    /// the detail, and as `:NAME` in the palette, which offers them.
    public var customCommands: [CustomCommand] = [] {
        didSet {
            palette.customCommands = customCommands.compactMap { command in
                command.name.map { PaletteCommandSpec(name: $0, arguments: "", summary: command.title) }
            }
        }
    }

    /// The screens, root first; never empty, always starting with the list.
    public private(set) var routes: [Route] = [.list]
    public internal(set) var modal: Modal?
    public internal(set) var focus: Focus = .screen
    /// The model of the detail screen on top, if the top is a detail.
    public private(set) var detail: OrderDetailModel?
    /// The one-line notice over the footer, taken down by an `expireNotice` effect.
    public internal(set) var notice: ToastNotice?
    /// Notes closed without being saved or discarded, by order: the note editor reopens them.
    public internal(set) var noteDrafts = NoteDrafts()
    /// Whether the terminal reports clicks and the wheel.
    public internal(set) var mouseCapture: Bool
    /// The cursor of the rules screen's query field; the text is the rules model's edit, whose
    /// presence alone gives the field the keyboard (a save that ends well closes it).
    public internal(set) var ruleQueryFieldCursor = 0

    /// Written by the detail and help views while drawing (their viewport sizes), read by their scroll keys.
    /// Not observed: a view setting them during a frame must not cause another frame.
    /// (The list's viewport lives in its model, which the shell sizes before each frame.)
    @ObservationIgnored public let scrolls = ScrollPositions()
    /// The list's columns the table draws at the screen's width, set by the shell before each frame
    /// (nil before the first): what `s` cycles through.
    @ObservationIgnored public var listColumnsOnScreen: [ListColumn]?
    /// The frequency sheet's rows on screen, set by the shell before each frame: what its page keys move by.
    @ObservationIgnored public var frequencyPageRows = 10

    public init(list: OrderListModel, palette: CommandPaletteModel = CommandPaletteModel(),
                keymaps: KeymapSet = AppKeymap.defaults(), autoAdvance: Bool = true, mouseCapture: Bool = true,
                fulfilmentPromise: FulfilmentPromise? = nil, views: SavedViewsModel? = nil,
                shopSync: ShopSyncModel? = nil, rules: RulesModel? = nil) {
        self.list = list
        self.rules = rules
        self.shopSync = shopSync
        self.palette = palette
        self.views = views
        self.dashboard = DashboardModel(list: list, promise: fulfilmentPromise)
        self.importer = ImportModel(store: list.store, actor: list.environment.actor, now: list.environment.now,
                                    zone: list.environment.calendar.timeZone, work: list.environment.work)
        self.keymaps = keymaps
        self.autoAdvance = autoAdvance
        self.mouseCapture = mouseCapture
    }

    /// The screen on top.
    public var currentRoute: Route { routes.last ?? .list }

    /// The keymap contexts consulted for a key, innermost first: the one place that
    /// decides it from the route, the modal and the focus. The footer shows their hints.
    public var keymapContexts: [KeymapContext] {
        if let modal { return [modal.keymapContext] }
        return screenKeymapContexts
    }

    /// The contexts of the screen under any modal: the search field while it has the
    /// keyboard, else the screen's own; then the app-wide keys. The footer shows these.
    public var screenKeymapContexts: [KeymapContext] {
        if case .searchField = focus { return [.search, .global] }
        if isEditingRuleQuery { return [.ruleQuery, .global] }
        return [screenContext, .global]
    }

    /// The context of the screen on top.
    public var screenContext: KeymapContext {
        switch currentRoute {
        case .list: .list
        case .detail: .detail
        case .dashboard: .dashboard
        case .rules: .rules
        }
    }

    // MARK: Starting and links

    /// Starts the app: the list loads, and with `--open NUMBER` that order's detail
    /// opens over it (an unknown or ambiguous number shows an error over the list); the shops
    /// are synced, and from then on changes to the orders are followed for them.
    public func start(opening reference: OrderReference? = nil) -> [AppEffect] {
        list.start()
        views?.reload()
        return (reference.map { [.openNamedOrder($0)] } ?? []) + shopSyncDue() + (shopSync == nil ? [] : [.followChangesForShops])
    }

    /// Opens an `orders://order/NUMBER` link or a bare number the same way as `--open`.
    public func handleDeepLink(_ link: String) -> [AppEffect] {
        guard let reference = DeepLink.reference(from: link) else {
            present(.error("Not an order link: \(link)"))
            return []
        }
        return [.openNamedOrder(reference)]
    }

    // MARK: Navigation

    /// Opens the order a person named (see `OrderStore.order(named:)`); an unknown or ambiguous
    /// number shows its error and stays. The `openNamedOrder` effect runs this.
    @discardableResult
    public func open(_ reference: OrderReference) async -> Bool {
        let order: Order
        do {
            order = try await list.store.order(named: reference)
        } catch let error as OrderReferenceError {
            present(.error(error.description))
            return false
        } catch {
            present(.error("Could not open \(reference): \(error)"))
            return false
        }
        return await open(order.id)
    }

    /// Opens an order's detail over the current screen if the store has it;
    /// otherwise shows an error and stays. The `openOrder` effect runs this.
    @discardableResult
    public func open(_ id: OrderID) async -> Bool {
        let exists: Bool
        do {
            exists = try await list.store.order(id) != nil
        } catch {
            present(.error("Could not open the order: \(error)"))
            return false
        }
        guard exists else {
            present(.error("Order \(id) does not exist."))
            return false
        }
        if currentRoute == .detail(id) { return true }
        list.select(id: id)
        routes.append(.detail(id))
        showDetail(for: id)
        return true
    }

    /// Replaces the detail on top with another order's (not a push, so Esc still goes
    /// back to the list). The id comes from the list, so no lookup is needed.
    func replaceDetail(with id: OrderID) {
        guard case .detail = currentRoute else { return }
        routes[routes.count - 1] = .detail(id)
        list.select(id: id)
        scrolls.detail.reset()
        showDetail(for: id)
    }

    private func showDetail(for id: OrderID) {
        let model = OrderDetailModel(orderID: id, list: list)
        model.load()
        detail = model
    }

    /// Waits for the screens' own background work (loading, writes); the shell adds its effects.
    /// Every model starts its work through the one `ModelWork` of the environment, so once the
    /// models' own waits are over, that waits for what they started on the way (a progress report's
    /// delivery, the index file written after a load, a refresh asked for by a change).
    public func waitForPendingWork() async {
        await list.waitForPendingWork()
        await views?.waitForPendingWork()
        await detail?.waitForPendingWork()
        await dashboard.waitForRefresh()
        await importer.waitUntilFinished()
        await shopSync?.waitUntilFinished()
        await rules?.waitForPendingWork()
        await list.environment.work.waitUntilIdle()
    }

    /// Back: closes the modal if there is one, else leaves the screen on top.
    /// On the list with nothing open it does nothing (quitting is `q`).
    public func back() {
        if modal != nil {
            dismissModal()
            return
        }
        guard routes.count > 1 else { return }
        switch routes.removeLast() {
        case .dashboard: dashboard.stop()
        case .rules: leaveRules()
        case .list, .detail: break
        }
        if case .detail(let id) = currentRoute {
            showDetail(for: id)
        } else {
            detail = nil
        }
    }

    func popToList() {
        if routes.contains(.dashboard) { dashboard.stop() }
        if routes.contains(.rules) { leaveRules() }
        routes = [.list]
        detail = nil
    }

    /// Shows the dashboard over the list (from the list, or from anywhere by `:dashboard`), computing its figures.
    func showDashboard() {
        guard currentRoute != .dashboard else { return }
        popToList()
        focus = .screen
        routes.append(.dashboard)
        dashboard.start()
    }

    /// Shows the rules screen over the list (`:rules` from anywhere), reading the rules.
    func showRulesScreen(_ rules: RulesModel) {
        guard currentRoute != .rules else { return }
        popToList()
        focus = .screen
        routes.append(.rules)
        rules.load()
    }

    /// Shows a modal, replacing any other (an unanswered confirmation is dropped: "no"; a note
    /// being written is kept as a draft, which the editor brings back on its orders).
    public func present(_ newModal: Modal) {
        if case .noteEditor(let draft) = modal, !draft.isSaving { noteDrafts.keep(draft) }
        modal = newModal
    }

    public func dismissModal() {
        modal = nil
    }

    /// Shows a one-line notice; the returned effect takes it down later.
    func showNotice(_ message: String, kind: ToastNotice.Kind = .info, for duration: Duration = .seconds(4)) -> AppEffect {
        notice = ToastNotice(message, kind: kind)
        return .expireNotice(after: duration)
    }

    /// Takes the notice down (the `expireNotice` effect), unless another replaced it meanwhile.
    public func expireNotice(_ shown: ToastNotice?) {
        if notice == shown { notice = nil }
    }
}
