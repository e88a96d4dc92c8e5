import Foundation
import Observation
import OrdersCore
import OrdersStorage
import TerminalText

/// The saved views without their drawing: the team's shared views (from the store) and the
/// operator's personal ones (from the config), merged into the tabs shown after the status tabs,
/// with live counts from the list; showing one, saving the current search as one, renaming and
/// deleting. Changes by other operators arrive through the list's change feed.
///
/// A personal view shadows a shared view of the same name (case ignored): the operator sees
/// their own, in the shared one's place, marked `@`; the shared one is back once the personal
/// one is deleted. Storage work runs in tasks that `waitForPendingWork()` awaits; what it did or
/// why it failed lands in the list's status and error messages.
@MainActor @Observable
public final class SavedViewsModel {
    public let list: OrderListModel
    @ObservationIgnored let store: (any ViewStore)?
    @ObservationIgnored let personalStore: (any PersonalViewStore)?

    /// The shared views as last read, in the store's order.
    public private(set) var shared: [SavedView] = []
    /// The operator's personal views, in the config's order.
    public private(set) var personal: [SavedView] = []
    /// The view last shown, while the list still shows exactly its search and sort.
    public private(set) var shownName: String?

    @ObservationIgnored private var work: [Task<Void, Never>] = []
    @ObservationIgnored private var observerToken: Int?

    public init(list: OrderListModel, store: (any ViewStore)?, personalStore: (any PersonalViewStore)?) {
        self.list = list
        self.store = store
        self.personalStore = personalStore
        observerToken = list.addMergeObserver { [weak self] event in
            if case .savedViewsChanged = event { self?.reload() }
        }
    }

    isolated deinit {
        if let observerToken { list.removeMergeObserver(observerToken) }
    }

    // MARK: What is shown

    /// The views in tab order: shared ones (a personal one of the same name in its place), then
    /// the remaining personal ones.
    public var views: [SavedView] {
        SavedViewList.merged(shared: shared, personal: personal)
    }

    /// The tabs after the status tabs, with counts and problems.
    public var tabs: [SavedViewTab] {
        let views = self.views
        let counts = list.savedViewCounts
        let selected = selectedView?.name
        let environment = list.environment
        return views.enumerated().map { position, view in
            var shown = view
            shown.name = TerminalText.neutralized(view.name)
            return SavedViewTab(
                view: shown, count: counts.indices.contains(position) ? counts[position] : nil,
                problem: view.problem(now: environment.now(), calendar: environment.calendar,
                                      promise: environment.fulfilmentPromise, actor: environment.actor),
                isSelected: view.name == selected)
        }
    }

    /// The view the list shows now: the one last shown, while its search, sort and columns are
    /// unchanged (other columns, like another sort, make it the operator's own list, which `:save`
    /// can store under the view's name, asking first).
    public var selectedView: SavedView? {
        guard let shownName, let view = view(named: shownName) else { return nil }
        guard list.searchText == view.query, view.parsedSort.map({ $0 == list.sort }) ?? true,
              list.chosenColumns == ListColumn.parse(view.columns), list.statusTab == .all else { return nil }
        return view
    }

    /// The view of this name (case ignored), personal first.
    public func view(named name: String) -> SavedView? {
        let views = self.views
        return SavedViewList.position(of: name, in: views).map { views[$0] }
    }

    /// Every name, for completion.
    public var names: [String] { views.map(\.name) }

    // MARK: Loading

    /// Reads the shared and personal views and starts counting them.
    public func reload() {
        if let personalStore {
            do {
                personal = try personalStore.load().map { var view = $0; view.isPersonal = true; return view }
            } catch {
                list.errorMessage = "Could not read your personal views: \(error)"
            }
        }
        recount()
        guard let store else { return }
        run { [weak self] in
            do {
                let views = try await store.savedViews()
                self?.shared = views
                self?.recount()
            } catch {
                self?.list.errorMessage = "Could not read the saved views: \(error)"
            }
        }
    }

    private func recount() {
        list.setSavedViewQueries(views.map(\.query))
    }

    // MARK: Showing

    /// Shows a view: its search and sort on every status. Returns false (and says why) for an unknown name.
    @discardableResult
    public func show(_ name: String) -> Bool {
        guard let view = view(named: name) else {
            list.errorMessage = SavedViewError.notFound(name, known: names).description
            return false
        }
        shownName = view.name
        list.show(query: view.query, sort: view.parsedSort, columns: ListColumn.parse(view.columns))
        // The tab bar always shows the selected view; a status message would outlive it.
        return true
    }

    // MARK: Changing

    /// Whether saving under `name` would replace a view (shared or personal, as asked).
    public func wouldReplace(_ name: String, personal isPersonal: Bool) -> Bool {
        SavedViewList.position(of: name, in: isPersonal ? personal : shared) != nil
    }

    /// Saves what the list shows (search text as typed, sort, the columns chosen) as a view.
    /// `replacing` must be true to overwrite one of the same name (the app asks first).
    public func save(_ name: String, personal isPersonal: Bool, replacing: Bool) {
        let validName: String
        do {
            validName = try SavedViewName.validated(name)
        } catch {
            list.errorMessage = error.description
            return
        }
        let view = SavedView(name: validName, query: list.searchText, sort: SavedView.sortText(list.sort),
                             columns: ListColumn.names(list.chosenColumns),
                             createdAt: list.environment.now(), updatedBy: list.environment.actor, isPersonal: isPersonal)
        let done = "Saved view \(TerminalText.neutralized(validName))" + (isPersonal ? " (personal)" : "")
        if isPersonal {
            changePersonal(done: done) { views throws(SavedViewError) in
                _ = try SavedViewList.save(view, replacing: replacing, into: &views)
            }
            shownName = validName
            return
        }
        shownName = validName
        changeShared(done: done) { store in _ = try await store.saveView(view, replacing: replacing) }
    }

    /// Renames a view; a personal one when the operator has one of that name, else the shared one.
    public func rename(_ name: String, to newName: String) {
        let done = "Renamed view \(TerminalText.neutralized(name)) to \(TerminalText.neutralized(newName))"
        if shownName.map(SavedViewName.key) == SavedViewName.key(name) { shownName = newName }
        if SavedViewList.position(of: name, in: personal) != nil {
            let actor = list.environment.actor, now = list.environment.now()
            changePersonal(done: done) { views throws(SavedViewError) in
                try SavedViewList.rename(name, to: newName, actor: actor, at: now, in: &views)
            }
            return
        }
        let actor = list.environment.actor
        changeShared(done: done) { store in try await store.renameView(name, to: newName, actor: actor) }
    }

    /// Deletes a view (the app asks first); a personal one when the operator has one of that name.
    public func delete(_ name: String) {
        let done = "Deleted view \(TerminalText.neutralized(name))"
        if SavedViewList.position(of: name, in: personal) != nil {
            changePersonal(done: done) { views throws(SavedViewError) in try SavedViewList.delete(name, from: &views) }
            return
        }
        changeShared(done: done) { store in try await store.deleteView(name) }
    }

    /// Whether a view of this name exists (for refusing a rename or delete before asking).
    public func exists(_ name: String) -> Bool { view(named: name) != nil }

    private func changePersonal(done: String, _ change: (inout [SavedView]) throws(SavedViewError) -> Void) {
        guard let personalStore else {
            list.errorMessage = "Personal views need a config file, and none could be found."
            return
        }
        var views = personal
        do {
            try change(&views)
            try personalStore.save(views.map { var view = $0; view.isPersonal = false; return view })
        } catch {
            list.errorMessage = "\(error)"
            return
        }
        personal = views.map { var view = $0; view.isPersonal = true; return view }
        list.statusMessage = done
        recount()
    }

    private func changeShared(done: String, _ change: @escaping @Sendable (any ViewStore) async throws -> Void) {
        guard let store else {
            list.errorMessage = "This database keeps no shared views."
            return
        }
        run { [weak self] in
            do {
                try await change(store)
                let views = try await store.savedViews()
                self?.shared = views
                self?.list.statusMessage = done
                self?.recount()
            } catch {
                self?.list.errorMessage = "\(error)"
            }
        }
    }

    private func run(_ body: @escaping @MainActor () async -> Void) {
        let previous = work.last
        work.append(list.environment.work.onMain {
            await previous?.value
            await body()
        })
    }

    /// Waits until every read and write started so far has finished (tests, and the app's shell).
    public func waitForPendingWork() async {
        while let first = work.first {
            await first.value
            work.removeFirst()
        }
    }
}
