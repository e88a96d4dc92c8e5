import OrdersCore
import OrdersScreens

extension AppCoordinator {
    /// `:sync`: a pass over the connected shops now (each pulled, then sent its waiting facts),
    /// what it brought said when it ends. While a pass runs (the background's, or an earlier
    /// `:sync`), none is started: that one says what it brought instead, so two pulls of a shop
    /// never run at once.
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

    /// The orders changed (here, by another operator, by a rule): while the database has shops, a
    /// pass that sends what the change may have queued follows shortly (`shopSendDue`), so a fact
    /// recorded here reaches the shop within seconds rather than at the next pull.
    public func ordersChangedForShops() -> [AppEffect] {
        guard let shopSync, shopSync.hasShops else { return [] }
        return [.scheduleShopSend(after: Self.sendDelay)]
    }

    /// How long after a change the pass that sends it starts: long enough for a burst of changes
    /// (a bulk action's orders, written one transaction each) to go in one pass.
    static let sendDelay: Duration = .seconds(1)

    /// The pass that sends is due: it starts unless a pass is under way, which is then followed
    /// by one (`shopSyncFinished`).
    public func shopSendDue() -> [AppEffect] {
        guard let shopSync, shopSync.beginSending() else { return [] }
        return [.syncShops]
    }

    /// The `syncShops` effect is over: the operator who asked hears how it went; after a pass
    /// that pulled, while the database has shops, the next background pass is set up (as
    /// `orders sync --watch` waits between passes); a change made during the pass gets a pass
    /// that sends; a detail on screen shows its facts' new marks. A pass the app stopped
    /// (quitting) sets up nothing.
    public func shopSyncFinished(_ outcome: ShopSyncOutcome) -> [AppEffect] {
        guard outcome.ending != .stopped else { return [] }
        var effects: [AppEffect] = []
        if let text = outcome.notice {
            effects.append(showNotice(text, kind: outcome.isFailure ? .failure : outcome.isSuccess ? .success : .info,
                                      for: .seconds(8)))
        }
        if detail != nil, outcome.sent.contains(where: { !$0.sent.isEmpty || !$0.refused.isEmpty }) {
            effects.append(.reloadDetail)
        }
        if let shopSync, shopSync.hasShops {
            if outcome.pulled { effects.append(.scheduleShopSync(after: shopSync.interval)) }
            if outcome.sendsAgain { effects.append(.scheduleShopSend(after: Self.sendDelay)) }
        }
        return effects
    }
}
