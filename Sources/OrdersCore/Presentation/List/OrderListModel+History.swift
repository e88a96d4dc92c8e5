extension OrderListModel {
    /// The name of the action undo would take back ("flag"), for the status bar.
    public var undoActionName: String? { canUndo ? undoStack.last?.name : nil }
    public var redoActionName: String? { canRedo ? redoStack.last?.name : nil }

    /// Takes back the last action (all of its orders), optimistically like any action.
    public func undo() {
        guard let record = undoStack.popLast() else { return }
        let applied = replay(record, backwards: true)
        redoStack.append(applied)
        historyChanged()
        statusMessage = "Undone: \(record.name)"
    }

    /// Does the last undone action again.
    public func redo() {
        guard let record = redoStack.popLast() else { return }
        let applied = replay(record, backwards: false)
        undoStack.append(applied)
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
        for index in undoStack.indices where undoStack[index].serial == serial {
            undoStack[index].changes.removeAll { $0.id == id }
        }
        for index in redoStack.indices where redoStack[index].serial == serial {
            redoStack[index].changes.removeAll { $0.id == id }
        }
        undoStack.removeAll { $0.changes.isEmpty }
        redoStack.removeAll { $0.changes.isEmpty }
        historyChanged()
    }

    func historyChanged() {
        canUndo = !undoStack.isEmpty
        canRedo = !redoStack.isEmpty
    }
}
