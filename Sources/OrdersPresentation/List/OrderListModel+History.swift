import OrdersCore

extension OrderListModel {
    /// Takes back the last action (all of its orders), optimistically like any action. On a
    /// server-served list, its orders the window does not hold are read first (`withOrdersHeld`).
    public func undo() {
        guard let next = history.undoStack.last else { return }
        withOrdersHeld(next.changes.map(\.id), for: "undo " + next.name) { [weak self] _ in
            guard let self, let record = self.history.undo({ self.replay($0, backwards: true) }) else { return }
            self.historyChanged()
            self.statusMessage = "Undone: \(record.name)"
        }
    }

    /// Does the last undone action again (reading its orders first as `undo` does).
    public func redo() {
        guard let next = history.redoStack.last else { return }
        withOrdersHeld(next.changes.map(\.id), for: "redo " + next.name) { [weak self] _ in
            guard let self, let record = self.history.redo({ self.replay($0, backwards: false) }) else { return }
            self.historyChanged()
            self.statusMessage = "Redone: \(record.name)"
        }
    }

    /// Applies one direction of a record to the rows and queues the writes; returns
    /// the record holding only the orders that actually changed.
    private func replay(_ record: ActionRecord, backwards: Bool) -> ActionRecord {
        var writes: [PendingWrite] = []
        var applied: [ActionRecord.Change] = []
        for change in record.changes {
            guard let slot = index.slot(of: change.id) else { continue }
            // The row takes the row's inverse at once; the store is sent its own undo when it can.
            let mutations = backwards ? change.backward : change.forward
            guard let replayed = try? applyOptimistically(mutations, forward: mutations, to: slot) else { continue }
            var kept = change
            kept.storedVersion = nil
            applied.append(kept)
            writes.append(PendingWrite(id: change.id, mutations: backwards ? change.undoWrite : mutations, rollback: replayed.backward,
                                       seenVersion: index.version(slot)))
        }
        let result = ActionRecord(serial: record.serial, name: record.name, changes: applied)
        if !writes.isEmpty {
            persist(writes, record: record.serial, label: (backwards ? "undo " : "redo ") + record.name)
        }
        return result
    }

    /// Removes an order whose write failed from the history entry it belongs to.
    func dropFromHistory(_ id: OrderID, serial: Int) {
        history.drop(id, fromRecord: serial)
        historyChanged()
    }

    func historyChanged() {
        canUndo = history.canUndo
        canRedo = history.canRedo
    }
}
