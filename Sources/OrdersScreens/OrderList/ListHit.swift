import OrdersCore

/// Names of the list screen's clickable areas, for mouse hit testing.
public enum ListHit: Hashable, Sendable {
    /// A status tab in the tab bar.
    case tab(StatusTab)
    /// The table of orders (its rows are `TableRowHit`s with this as the table id).
    case table
}
