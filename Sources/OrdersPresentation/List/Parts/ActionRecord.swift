import OrdersCore

/// One undoable action: for each order it changed, how to redo and how to undo it.
struct ActionRecord: Sendable {
    struct Change: Sendable {
        var id: OrderID
        var forward: [OrderMutation]
        /// The row's inverse: what the list shows at once on undo, and what the store is sent when it
        /// has not yet said which version the change made.
        var backward: [OrderMutation]
        /// The version the change's write made, once the store has said: undo then sends the store's
        /// own undo of it (`OrderMutation.undoChange`), which puts back exactly what the write did on
        /// the whole order (the units a move to shipped sent, the refund a move to refunded recorded),
        /// where the row's inverse could only guess.
        var storedVersion: Int? = nil

        /// What undo sends the store.
        var undoWrite: [OrderMutation] { storedVersion.map { [.undoChange(version: $0)] } ?? backward }
    }

    /// Tells records apart, so a failed write can remove its order from the right one.
    var serial: Int
    var name: String
    var changes: [Change]
}
