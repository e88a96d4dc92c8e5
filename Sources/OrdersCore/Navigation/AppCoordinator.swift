import Foundation
import Observation

/// Navigation without views: a stack of screens (list → detail → …), at most one
/// modal over them, deep links, confirmations for destructive actions, and the
/// command palette's commands. Screens ask it to navigate; they never do it themselves.
@MainActor @Observable
public final class AppCoordinator {
    public let list: OrderListModel
    public let palette: CommandPaletteModel
    /// The screens, root first; never empty, always starting with the list.
    public private(set) var routes: [Route] = [.list]
    public private(set) var modal: Modal?
    /// The model of the detail screen on top, if the top is a detail.
    public private(set) var detail: OrderDetailModel?
    /// Whether the note editor's text is being saved (the editor stays open meanwhile).
    public private(set) var isSavingNote = false
    /// Something for the app to do (quit, export, theme); cleared with `takeAppRequest()`.
    public private(set) var appRequest: AppRequest?

    @ObservationIgnored private var pendingConfirmation: ((Bool) -> Void)?
    @ObservationIgnored private var navigation: Task<Void, Never>?

    public init(list: OrderListModel, palette: CommandPaletteModel = CommandPaletteModel()) {
        self.list = list
        self.palette = palette
    }

    /// The screen on top.
    public var currentRoute: Route { routes.last ?? .list }

    /// Starts the app: the list loads, and with `--open ID` that order's detail
    /// opens over it (an unknown id shows an error over the list).
    public func start(opening id: OrderID? = nil) {
        list.start()
        if let id { openInBackground(id) }
    }

    /// Opens an `orders://order/ID` link or a bare id the same way as `--open`.
    public func handleDeepLink(_ link: String) {
        guard let id = DeepLink.orderID(from: link) else {
            present(.error("Not an order link: \(link)"))
            return
        }
        openInBackground(id)
    }

    private func openInBackground(_ id: OrderID) {
        let previous = navigation
        navigation = Task { [weak self] in
            await previous?.value
            await self?.open(id)
        }
    }

    /// Opens an order's detail over the current screen if the store has it;
    /// otherwise shows an error and stays. Returns whether it opened.
    @discardableResult
    public func open(_ id: OrderID) async -> Bool {
        let exists: Bool
        do {
            exists = try await list.store.order(id) != nil
        } catch {
            present(.error("Could not open \(id): \(error)"))
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

    private func showDetail(for id: OrderID) {
        let model = OrderDetailModel(orderID: id, list: list)
        model.load()
        detail = model
    }

    /// Waits for navigation and the screens' background work (tests await this).
    public func waitForPendingWork() async {
        while let task = navigation {
            await task.value
            if navigation == task { navigation = nil }
        }
        await list.waitForPendingWork()
        await detail?.waitForPendingWork()
    }

    /// Back: closes the modal if there is one, else leaves the screen on top.
    /// On the list with nothing open it does nothing (quitting is `q`).
    public func back() {
        if modal != nil {
            dismissModal()
            return
        }
        guard routes.count > 1 else { return }
        routes.removeLast()
        if case .detail(let id) = currentRoute {
            showDetail(for: id)
        } else {
            detail = nil
        }
    }

    /// Shows a modal, replacing any other; an unanswered confirmation counts as "no".
    public func present(_ newModal: Modal) {
        answerPendingConfirmation(false)
        modal = newModal
        if newModal == .commandPalette { palette.reset() }
    }

    public func dismissModal() {
        answerPendingConfirmation(false)
        modal = nil
    }

    /// The app asks to quit (from `q` or `:quit`).
    public func requestQuit() {
        appRequest = .quit
    }

    /// Hands the app its pending request and clears it.
    public func takeAppRequest() -> AppRequest? {
        defer { appRequest = nil }
        return appRequest
    }

    // MARK: Confirmation

    /// Asks the user; `completion` gets their answer when they give it (false if
    /// the dialog is closed or replaced).
    public func requestConfirmation(_ request: ConfirmationRequest, completion: @escaping (Bool) -> Void) {
        present(.confirm(request))
        pendingConfirmation = completion
    }

    /// Asks the user and waits for the answer.
    public func confirm(_ request: ConfirmationRequest) async -> Bool {
        await withCheckedContinuation { continuation in
            requestConfirmation(request) { continuation.resume(returning: $0) }
        }
    }

    /// The user answered the confirmation dialog.
    public func resolveConfirmation(_ accepted: Bool) {
        guard case .confirm = modal else { return }
        modal = nil
        answerPendingConfirmation(accepted)
    }

    private func answerPendingConfirmation(_ accepted: Bool) {
        guard let completion = pendingConfirmation else { return }
        pendingConfirmation = nil
        completion(accepted)
    }

    // MARK: Actions

    /// Applies an action to what the current screen acts on (the detail's order,
    /// or the list's marked/selected orders), confirming destructive actions and
    /// bulk actions over the environment's threshold first.
    public func perform(_ action: OrderAction) {
        let targets: [OrderID]
        if case .detail(let id) = currentRoute { targets = [id] } else { targets = list.actionTargets }
        guard !targets.isEmpty else { return }
        // What the operator sees now; a change arriving while they confirm is not acted on unseen.
        let seen = shownVersions(of: targets)
        let threshold = list.environment.bulkConfirmationThreshold
        guard action.isDestructive || targets.count > threshold else {
            apply(action, to: targets)
            return
        }
        let what = targets.count == 1 ? targets[0].description : "\(targets.count) orders"
        let verb = action.name.prefix(1).uppercased() + action.name.dropFirst()
        let request = ConfirmationRequest(
            title: "\(verb) \(what)?",
            message: action.isDestructive ? "This cannot be undone in the workflow (undo restores it only while the history lasts)."
                : "This changes \(targets.count) orders.",
            confirmLabel: "\(verb) \(what)")
        requestConfirmation(request) { [weak self] accepted in
            if accepted { self?.apply(action, to: targets, seen: seen) }
        }
    }

    /// The versions of `targets` the current screen shows (the detail's order, or the list's rows).
    private func shownVersions(of targets: [OrderID]) -> [OrderID: Int] {
        if let detail, case .detail(let id) = currentRoute, targets == [id] {
            return detail.order.map { [id: $0.version] } ?? [:]
        }
        return list.shownVersions(of: targets)
    }

    /// Applies an action; with `seen`, orders changed since those versions are refused with their new state.
    private func apply(_ action: OrderAction, to targets: [OrderID], seen: [OrderID: Int] = [:]) {
        if let detail, case .detail(let id) = currentRoute, targets == [id] {
            detail.perform(action, seenVersion: seen[id])
        } else {
            list.perform(action, on: targets, seenVersions: seen)
        }
    }

    /// Opens the note editor for what the current screen acts on.
    public func beginNote() {
        let targets: [OrderID]
        if case .detail(let id) = currentRoute { targets = [id] } else { targets = list.actionTargets }
        guard !targets.isEmpty else { return }
        present(.noteEditor(targets: targets))
    }

    /// Saves the note being edited on its orders. The editor stays open, with the
    /// text, until the note is stored (a locked database is shown as waiting); it then
    /// closes, or stays on the orders whose save failed, with the error.
    public func submitNote(_ text: String) {
        guard case .noteEditor(let targets) = modal, !isSavingNote else { return }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            modal = nil
            return
        }
        isSavingNote = true
        for id in targets { list.unsavedNotes[id] = nil }
        apply(.addNote(text), to: targets)
        let previous = navigation
        navigation = Task { [weak self] in
            await previous?.value
            guard let self else { return }
            await self.list.waitForPendingWork()
            await self.detail?.waitForPendingWork()
            self.isSavingNote = false
            guard self.modal == .noteEditor(targets: targets) else { return }
            let unsaved = targets.filter { self.list.unsavedNotes[$0] != nil }
            self.modal = unsaved.isEmpty ? nil : .noteEditor(targets: unsaved)
        }
    }

    // MARK: Palette commands

    /// Runs the palette's current text as a command; a malformed one stays in the palette with its error.
    public func submitPalette() {
        guard let command = palette.submit() else { return }
        modal = nil
        execute(command)
    }

    /// Does what a palette command says.
    public func execute(_ command: PaletteCommand) {
        switch command {
        case .open(let id):
            openInBackground(id)
        case .filter(let query):
            popToList()
            list.searchTextChanged(query)
        case .sort(let sort):
            list.setSort(sort)
        case .status(let status):
            perform(.setStatus(status))
        case .tag(let tag):
            perform(.addTag(tag))
        case .assign(let person):
            perform(person.map { $0.lowercased() == "me" ? .assignToMe : .assign($0) } ?? .assign(nil))
        case .export(let path):
            appRequest = .export(path: path)
        case .theme(let name):
            appRequest = .theme(name)
        case .quit:
            appRequest = .quit
        }
    }

    private func popToList() {
        routes = [.list]
        detail = nil
    }
}
