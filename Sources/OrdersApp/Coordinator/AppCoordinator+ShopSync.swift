import OrdersCore
import OrdersPresentation
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

    /// A background pass is due (at the start, then every `ShopSyncModel.interval`, with shops
    /// or without: see `shopSyncFinished`): one starts unless a pass is under way.
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
    /// that pulled, the next background pass is set up (as `orders sync --watch` waits between
    /// passes); a change made during the pass gets a pass that sends; a detail on screen shows its
    /// facts' new marks. A pass the app stopped (quitting) sets up nothing.
    ///
    /// The next pass is set up on a database without shops too: such a pass only reads the shops
    /// table (`ShopSyncModel.run` ends at `.noShops`), so a shop added meanwhile (`orders shop add`
    /// in another terminal) is noticed within the interval, and that pass goes on to pull it.
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
        if let shopSync {
            if outcome.pulled { effects.append(.scheduleShopSync(after: shopSync.interval)) }
            if outcome.sendsAgain, shopSync.hasShops { effects.append(.scheduleShopSend(after: Self.sendDelay)) }
        }
        return effects
    }
}

extension AppCoordinator {
    /// `:retry` and `:drop` on an order's detail: its facts the shop refused sent again or dropped
    /// (`OrderDetailModel.decideRefusedFacts`), as `orders shop retry` and `drop` do one fact.
    func decideRefusedFacts(retry: Bool) -> [AppEffect] {
        let verb = retry ? "retry" : "drop"
        guard let detail, case .detail = currentRoute else {
            return [showNotice("Open an order to \(verb) what its shop refused", kind: .failure)]
        }
        guard !detail.refusedShopFacts.isEmpty else {
            return [showNotice("\(detail.numberText): its shop refused nothing", kind: .info)]
        }
        return [.decideRefusedFacts(retry: retry)]
    }

    /// The `decideRefusedFacts` effect is over: the operator hears what was done; facts put back to
    /// waiting are sent by a pass that starts shortly.
    public func refusedFactsDecided(_ decision: RefusedFactsDecision, number: String) -> [AppEffect] {
        var effects: [AppEffect] = []
        let count = decision.facts.count == 1 ? "1 fact" : "\(decision.facts.count) facts"
        let shops = decision.shops.joined(separator: ", ")
        var text = decision.retry ? "\(number): \(count) to send again to \(shops)" : "\(number): \(count) dropped; \(shops) is not told"
        if decision.facts.isEmpty { text = "\(number): nothing " + (decision.retry ? "retried" : "dropped") }
        if let failure = decision.failure { text += "; stopped: \(failure)" }
        effects.append(showNotice(text, kind: decision.failure == nil ? .success : .failure, for: .seconds(8)))
        if decision.retry, !decision.facts.isEmpty, let shopSync, shopSync.hasShops {
            effects.append(.scheduleShopSend(after: Self.sendDelay))
        }
        return effects
    }
}
