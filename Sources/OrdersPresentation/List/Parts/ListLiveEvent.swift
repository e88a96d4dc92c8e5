import OrdersCore

/// What the list learned from the change feed, told to the screens that follow it.
public enum ListLiveEvent: Sendable {
    /// Someone else changed this order; the list now holds it.
    case merged(Order)
    /// Too much changed elsewhere to say what (a bulk import): the list reloaded everything.
    case reloaded
    /// Someone changed the shared views: read them again (`SavedViewsModel`).
    case savedViewsChanged
}
