import Foundation
import OrdersCore
import OrdersStorage

extension OrderListModel {
    /// Subscribes to the store's changes (other operators, other processes) and
    /// merges them into the list without losing search, selection or marks.
    public func startObservingChanges() {
        guard liveTask == nil else { return }
        startObservingConnectionHealth()
        let stream = store.changes()
        liveTask = environment.work.following { [weak self] in
            for await change in stream {
                guard let self else { return }
                self.received(change)
            }
        }
    }

    /// Calls `handler` with every order a live change brings into the list (changed
    /// by someone else, after the list holds it) and after a full reload caused by the
    /// feed. Returns a token for `removeMergeObserver`.
    public func addMergeObserver(_ handler: @escaping @MainActor (ListLiveEvent) -> Void) -> Int {
        nextMergeObserver += 1
        mergeObservers[nextMergeObserver] = handler
        return nextMergeObserver
    }

    public func removeMergeObserver(_ token: Int) {
        mergeObservers[token] = nil
    }

    /// Stops merging store changes.
    public func stopObservingChanges() {
        liveTask?.cancel()
        liveTask = nil
        stopObservingConnectionHealth()
    }

    private func received(_ change: OrderStoreChange) {
        switch change {
        case .updated(let ids):
            source.ordersChanged(ids)
        case .reloadAll:
            load()
            for observer in mergeObservers.values { observer(.reloaded) }
            // A reload may stand for a change of the views too (`SQLiteOrderDatabase.externalChanges`).
            for observer in mergeObservers.values { observer(.savedViewsChanged) }
            changeHandled()
        case .savedViews:
            for observer in mergeObservers.values { observer(.savedViewsChanged) }
            changeHandled()
        }
    }

    /// An order someone else changed came in: its row shows it as recently changed for a while,
    /// and the screens that follow orders are told.
    func noteChangedBySomeoneElse(_ order: Order) {
        recentChanges[order.id] = environment.now().addingTimeInterval(environment.recentChangeDuration)
        for observer in mergeObservers.values { observer(.merged(order)) }
    }

    /// One notice of the change feed is handled (`waitForChangesHandled` counts them).
    func changeHandled() {
        changesHandled += 1
        let ready = changeWaiters.filter { $0.count <= changesHandled }
        changeWaiters.removeAll { $0.count <= changesHandled }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Waits until `count` store change notices have been merged since the list
    /// was created (tests use it to await a change deterministically).
    public func waitForChangesHandled(_ count: Int) async {
        guard changesHandled < count else { return }
        await withCheckedContinuation { continuation in
            changeWaiters.append((count, continuation))
        }
    }

    /// When the next "recently changed" mark expires, so the screen can redraw then.
    public var nextRecentChangeExpiry: Date? {
        let now = environment.now()
        return recentChanges.values.filter { $0 > now }.min()
    }

    /// Forgets expired "recently changed" marks.
    public func pruneRecentChanges() {
        let now = environment.now()
        let before = recentChanges.count
        recentChanges = recentChanges.filter { $0.value > now }
        if recentChanges.count != before { revision += 1 }
    }
}
