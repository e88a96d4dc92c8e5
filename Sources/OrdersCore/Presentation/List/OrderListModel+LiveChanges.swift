import Foundation

extension OrderListModel {
    /// Subscribes to the store's changes (other operators, other processes) and
    /// merges them into the list without losing search, selection or marks.
    public func startObservingChanges() {
        guard liveTask == nil else { return }
        startObservingConnectionHealth()
        let stream = store.changes()
        liveTask = Task { [weak self] in
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
            if serverWindow != nil {
                enqueue { [weak self] in
                    await self?.mergeFromServer(ids)
                    self?.changeHandled()
                }
            } else if indexIsComplete {
                enqueue { [weak self] in
                    await self?.merge(ids)
                    self?.changeHandled()
                }
            } else {
                deferredChanges.formUnion(ids)
                changeHandled()
            }
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

    /// Re-reads changed orders from the store and merges them into the index; rows
    /// that someone else changed are marked recently changed for a while.
    func merge(_ ids: [OrderID]) async {
        var changedSlots: [OrderIndex.Slot] = []
        for id in ids where !writer.isPending(id) {
            let order: Order?
            do {
                order = try await store.order(id)
            } catch {
                errorMessage = "Could not refresh \(id): \(error)"
                continue
            }
            // Our own write may have started meanwhile; it will settle the row itself.
            guard let order, !writer.isPending(id) else { continue }
            if let slot = index.slot(of: id), index.version(slot) == order.version { continue }
            changedSlots.append(index.upsert(order))
            recentChanges[id] = environment.now().addingTimeInterval(environment.recentChangeDuration)
            for observer in mergeObservers.values { observer(.merged(order)) }
        }
        if !changedSlots.isEmpty {
            summary.total = index.count
            rowsChanged(changedSlots)
        }
    }

    private func changeHandled() {
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
