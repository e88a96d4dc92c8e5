import OrdersCore

/// What became of one write sent to the store.
enum WriteOutcome: Sendable {
    /// Written; the order as now stored.
    case stored(Order)
    /// Someone changed the order since the version the write carried; nothing was
    /// written. `current` is the order as stored now.
    case conflict(current: Order, message: String)
    /// Refused or failed for another reason (invalid, gone, database unusable); nothing was written.
    case failed(message: String)
    /// The connection dropped while the write's commit was on its way: it may or may not be
    /// stored. Never sent again; the order is read again to show what the store holds.
    case outcomeUnknown(message: String)
}
