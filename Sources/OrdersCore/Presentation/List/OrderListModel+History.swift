extension OrderListModel {
    /// Takes back the last action (all of its orders), optimistically like any action.
    public func undo() {
        guard let record = history.undo({ replay($0, backwards: true) }) else { return }
        historyChanged()
        statusMessage = "Undone: \(record.name)"
    }

    /// Does the last undone action again.
    public func redo() {
        guard let record = history.redo({ replay($0, backwards: false) }) else { return }
        historyChanged()
        statusMessage = "Redone: \(record.name)"
    }

    /// Applies one direction of a record to the rows and queues the writes; returns
    /// the record holding only the orders that actually changed.
    private func replay(_ record: ActionRecord, backwards: Bool) -> ActionRecord {
        var writes: [PendingWrite] = []
        var applied: [ActionRecord.Change] = []
        for change in record.changes {
            guard let slot = index.slot(of: change.id) else { continue }
            let mutations = backwards ? change.backward : change.forward
            guard let replayed = try? applyOptimistically(mutations, forward: mutations, to: slot) else { continue }
            applied.append(change)
            writes.append(PendingWrite(id: change.id, mutations: mutations, rollback: replayed.backward))
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
