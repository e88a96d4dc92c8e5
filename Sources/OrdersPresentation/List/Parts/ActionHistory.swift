import OrdersCore

/// The undo and redo stacks of the list's actions, as a value: what undo would take
/// back, what redo would do again, and how a failed write leaves the history.
struct ActionHistory {
    private(set) var undoStack: [ActionRecord] = []
    private(set) var redoStack: [ActionRecord] = []
    /// The serial of the last record made; serials tell records apart after edits.
    private var lastSerial = 0

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    /// Records a new action (whose changes are not empty) and forgets what could be redone.
    /// Returns the record with its serial.
    mutating func record(_ name: String, changes: [ActionRecord.Change]) -> ActionRecord {
        lastSerial += 1
        let record = ActionRecord(serial: lastSerial, name: name, changes: changes)
        undoStack.append(record)
        redoStack.removeAll()
        return record
    }

    /// Takes the last action off the undo stack; `replay` undoes it and returns what it
    /// really changed, which redo will then do again.
    mutating func undo(_ replay: (ActionRecord) -> ActionRecord) -> ActionRecord? {
        guard let record = undoStack.popLast() else { return nil }
        redoStack.append(replay(record))
        return record
    }

    /// Takes the last undone action off the redo stack; `replay` does it again and
    /// returns what it really changed, which undo will then take back.
    mutating func redo(_ replay: (ActionRecord) -> ActionRecord) -> ActionRecord? {
        guard let record = redoStack.popLast() else { return nil }
        undoStack.append(replay(record))
        return record
    }

    /// Notes the version one order's write of a record made (`ActionRecord.Change.storedVersion`),
    /// while the record is still to undo; a record already undone keeps what it has.
    mutating func stored(_ id: OrderID, inRecord serial: Int, version: Int) {
        for index in undoStack.indices where undoStack[index].serial == serial {
            for change in undoStack[index].changes.indices where undoStack[index].changes[change].id == id {
                undoStack[index].changes[change].storedVersion = version
            }
        }
    }

    /// Removes an order whose write failed from the record it belongs to; a record
    /// left with no order goes, so undo never "undoes" nothing.
    mutating func drop(_ id: OrderID, fromRecord serial: Int) {
        for index in undoStack.indices where undoStack[index].serial == serial {
            undoStack[index].changes.removeAll { $0.id == id }
        }
        for index in redoStack.indices where redoStack[index].serial == serial {
            redoStack[index].changes.removeAll { $0.id == id }
        }
        undoStack.removeAll { $0.changes.isEmpty }
        redoStack.removeAll { $0.changes.isEmpty }
    }
}
