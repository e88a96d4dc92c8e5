import OrdersCore
import OrdersScreens

extension AppCoordinator {
    /// `:sync`: a pass over the connected shops now, what it brought said when it ends. While a
    /// pass runs (the background's, or an earlier `:sync`), none is started: that one says what
    /// it brought instead, so two pulls of a shop never run at once.
    func syncShopsNow() -> [AppEffect] {
        guard let shopSync else {
            return [showNotice("This database keeps no shops: nothing to pull", kind: .failure)]
        }
        guard shopSync.begin(requested: true) else {
            return [showNotice("Pulling the shops already; what it brings is said when it is done")]
        }
        return [.syncShops, showNotice("Pulling the shops…")]
    }

    /// A background pass is due (at the start, then every `ShopSyncModel.interval`): one
    /// starts unless a pass is under way.
    public func shopSyncDue() -> [AppEffect] {
        guard let shopSync, shopSync.begin(requested: false) else { return [] }
        return [.syncShops]
    }

    /// The `syncShops` effect is over: the operator who asked hears how it went, and while the
    /// database has shops the next background pass is set up (as `orders sync --watch` waits
    /// between passes). A pass the app stopped (quitting) sets up nothing.
    public func shopSyncFinished(_ outcome: ShopSyncOutcome) -> [AppEffect] {
        guard outcome.ending != .stopped else { return [] }
        var effects: [AppEffect] = []
        if let text = outcome.notice {
            effects.append(showNotice(text, kind: outcome.isFailure ? .failure : outcome.isSuccess ? .success : .info,
                                      for: .seconds(8)))
        }
        if let shopSync, shopSync.hasShops {
            effects.append(.scheduleShopSync(after: shopSync.interval))
        }
        return effects
    }
}
