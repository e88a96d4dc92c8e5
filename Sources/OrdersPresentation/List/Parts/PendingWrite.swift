import OrdersCore

/// One order's optimistic write: what to send, and how to take it off the row if it
/// fails. Rolling back undoes only this write's own changes, so an earlier or later
/// optimistic change to the same order is neither lost nor resurrected.
struct PendingWrite: Sendable {
    var id: OrderID
    var mutations: [OrderMutation]
    var rollback: [OrderMutation]
    /// The version of the order the mutations were made on (what the operator acted on): sent with
    /// them, so a change that reached the list after the action (someone else's) makes the store
    /// refuse the write as a conflict instead of applying it to a state nobody saw.
    var seenVersion: Int

    /// Whether this write is an undo by the store (whose own inverse is the redo the record keeps).
    var isUndo: Bool {
        mutations.contains(where: \.isUndo)
    }

    /// The text of the note this write adds, if it adds one.
    var note: String? {
        for mutation in mutations { if case .addNote(let text) = mutation { return text } }
        return nil
    }
}
