import OrdersCore

/// A screen in the navigation stack.
public enum Route: Hashable, Sendable {
    case list
    case detail(OrderID)
    /// The dashboard, over the list.
    case dashboard
    /// The rules screen (`:rules`), over the list.
    case rules
}
