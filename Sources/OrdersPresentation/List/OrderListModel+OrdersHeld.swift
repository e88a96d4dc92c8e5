import OrdersCore

/// The orders an action or an undo applies to must be in the index before it acts on them. The
/// indexed source holds every order; a served window may not hold a marked order (marked on
/// another page), which its source reads first (`ServedListSource+OrdersOutsideWindow`).
extension OrderListModel {
    /// Whether orders the list does not hold are being read for an action (no other action runs meanwhile).
    public var isReadingOrdersOutsideWindow: Bool { source.isReadingOrdersNotHeld }

    /// Runs `body` once the list holds every order of the current targets (the marked orders, or the
    /// selected one): at once unless a served window misses some, else after reading them.
    /// For what judges the targets before acting, as the flag and hold toggles do.
    public func whenTargetsHeld(for what: String, _ body: @escaping @MainActor () -> Void) {
        withOrdersHeld(actionTargets, for: what) { _ in body() }
    }

    /// Runs `body` once the index holds every order of `ids` it can (`ListSource.withOrdersHeld`),
    /// with those the store no longer has (`gone`).
    func withOrdersHeld(_ ids: [OrderID], for what: String, gone: Set<OrderID> = [],
                        _ body: @escaping @MainActor (_ gone: Set<OrderID>) -> Void) {
        source.withOrdersHeld(ids, for: what, gone: gone, body)
    }
}
