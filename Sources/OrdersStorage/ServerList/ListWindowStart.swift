import OrdersCore

/// Where a window of the server-served list starts. Keyset starts (`after`, `before`, `end`)
/// cost the same wherever they are in the list; `offset` is for jumps far from the rows held.
public enum ListWindowStart: Hashable, Sendable {
    /// At this position of the list (0 is the first row).
    case offset(Int)
    /// Right after the order this cursor was taken from.
    case after(PageCursor)
    /// From the order this cursor was taken from: that order if the query shows it, else the first after it.
    case from(PageCursor)
    /// The rows right before the order this cursor was taken from (the window ends there).
    case before(PageCursor)
    /// The last rows of the list.
    case end
}
