/// One undoable action: for each order it changed, how to redo and how to undo it.
struct ActionRecord: Sendable {
    struct Change: Sendable {
        var id: OrderID
        var forward: [OrderMutation]
        var backward: [OrderMutation]
    }

    /// Tells records apart, so a failed write can remove its order from the right one.
    var serial: Int
    var name: String
    var changes: [Change]
}
