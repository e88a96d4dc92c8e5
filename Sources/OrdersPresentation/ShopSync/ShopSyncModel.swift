import Foundation
import Observation
import OrdersShops
import OrdersStorage

/// The app's side of syncing the connected shops, without its drawing: the same `ShopSync` as
/// `orders sync`, run off the main actor a pass at a time, under the same `ShopSyncLock` (so
/// the app and a running `orders sync --watch` never sync at once: whoever holds the lock syncs,
/// the other only shows the shops' standing), with each shop's standing for the status bar.
/// The list hears of the pulled orders through the store's change feed, as of any other write.
///
/// A pass is started by the coordinator: one that pulls and sends at `:sync` and every
/// `ShopSync.pullIntervalSeconds` (`begin`; on a database without shops it only reads the shops
/// table, and pulls a shop it finds there, so a shop added meanwhile is pulled within the
/// interval), and one that only sends soon after a change to the orders (`beginSending`, heard
/// through `followChanges`); `run` does it, `stop` ends it at quit without waiting for a request in flight.
@MainActor @Observable
public final class ShopSyncModel {
    public internal(set) var state = ShopSyncState()

    @ObservationIgnored private let store: any ShopSync.Store
    @ObservationIgnored private let sync: ShopSync
    /// Where the sync lock is taken; nil for a store no other process can reach (in memory).
    @ObservationIgnored private let location: StoreLocation?
    @ObservationIgnored let formatter: OrderFormatter
    @ObservationIgnored let now: @Sendable () -> Date
    /// How long the app waits after a background pass before the next (`"shopPullSeconds"` in the
    /// config; by default `ShopSync.pullIntervalSeconds`, as `orders sync --watch`).
    public let interval: Duration
    @ObservationIgnored private var work: Task<ShopSyncOutcome, Never>?
    /// A background pass on a database without shops is only a look for one (the shops table read):
    /// not shown as a pass (nothing is pulled; the screen has nothing to say), until it finds a shop.
    @ObservationIgnored private var isLooking = false
    @ObservationIgnored private var feed: Task<Void, Never>?
    /// Where passes and the change feed run (the shell's, so it knows what is under way).
    @ObservationIgnored private let modelWork: ModelWork

    public init(store: any ShopSync.Store, sync: ShopSync, location: StoreLocation?, formatter: OrderFormatter,
                now: @escaping @Sendable () -> Date = { Date() }, interval: Duration = .seconds(ShopSync.pullIntervalSeconds),
                work: ModelWork = ModelWork()) {
        modelWork = work
        self.interval = interval
        self.store = store
        self.sync = sync
        self.location = location
        self.formatter = formatter
        self.now = now
    }

    public var isPulling: Bool { state.pass != nil }

    /// Whether the store had connected shops when last read: only then is the change feed followed
    /// for facts to send (without shops, the background passes only look for one).
    public var hasShops: Bool { !state.shops.isEmpty }

    /// Shows a pass starting; `run()` does it. False while a pass is under way: none is started,
    /// but an operator's request makes the running pass say what it brought when it ends.
    @discardableResult
    public func begin(requested: Bool) -> Bool {
        if isLooking {
            // An operator's request during a look: the look shows as that pass and says what it found.
            if requested, state.pass == nil { state.pass = ShopSyncPass(isRequested: true) }
            return false
        }
        guard var pass = state.pass else {
            if !requested, !hasShops {
                isLooking = true
            } else {
                state.pass = ShopSyncPass(isRequested: requested)
            }
            return true
        }
        if requested, !pass.isRequested {
            pass.isRequested = true
            state.pass = pass
        }
        return false
    }

    /// Shows a pass starting that only sends the facts waiting (a change was made here); `run()`
    /// does it. False while a pass is under way: that pass is followed by one that sends, since
    /// the change may have queued its fact after the running pass looked.
    @discardableResult
    public func beginSending() -> Bool {
        guard !isLooking else { return false }
        guard var pass = state.pass else {
            state.pass = ShopSyncPass(isRequested: false, pulls: false)
            return true
        }
        pass.sendsAgain = true
        state.pass = pass
        return false
    }

    /// Runs the pass `begin` or `beginSending` showed, off the main actor: reads the shops, takes
    /// the sync lock (unless another syncer holds it), and for each shop in turn pulls it (unless
    /// the pass only sends) and sends it its waiting facts, as `orders sync` does; returns how it
    /// ended, with the shops' standing read again from the store.
    public func run() async -> ShopSyncOutcome {
        guard let started = state.pass ?? (isLooking ? ShopSyncPass(isRequested: false) : nil), work == nil else {
            return ShopSyncOutcome(isRequested: false, ending: .failed("A pass is running already."))
        }
        let relay = LatestValueRelay<ShopPullProgress>(work: modelWork) { [weak self] progress in self?.progressed(progress) }
        let waits = LatestValueRelay<ShopWait>(work: modelWork) { [weak self] wait in self?.waited(wait) }
        let store = self.store, sync = self.sync, location = self.location, isRequested = started.isRequested
        let pulls = started.pulls
        let work = modelWork.inBackground { [weak self] () -> ShopSyncOutcome in
            func ending(_ ending: ShopSyncOutcome.Ending, sent: [ShopPushReport] = []) -> ShopSyncOutcome {
                ShopSyncOutcome(isRequested: isRequested, ending: ending, sent: sent, pulled: pulls)
            }
            let shops: [ConnectedShop]
            do {
                shops = try await store.shops()
            } catch {
                return ending(.failed("The connected shops could not be read: \(ShopSync.sentence(error))"))
            }
            await self?.read(shops)
            // An app on a database without shops asks this much every interval, and nothing more.
            guard !shops.isEmpty else { return ending(.noShops) }
            await self?.showLookAsPass()
            let readable = isRequested ? shops : shops.filter(Self.pullsInBackground)
            // A pass that only sends asks nothing of a shop with nothing to send (nor takes the lock).
            let chosen = pulls ? readable : readable.filter { $0.factsWaiting > 0 }
            guard !chosen.isEmpty else { return ending(.pulled([])) }
            // Held for the whole pass and let go at its end, so an `orders sync` started
            // between the app's passes may run.
            let lock: ShopSyncLock?
            do {
                if let location {
                    guard let taken = try ShopSyncLock.acquire(for: location) else { return ending(.anotherSyncerPulling) }
                    lock = taken
                } else {
                    lock = nil
                }
            } catch {
                return ending(.failed(ShopSync.sentence(error)))
            }
            defer { withExtendedLifetime(lock) {} }
            var pullReports: [ShopPullReport] = []
            var pushReports: [ShopPushReport] = []
            for shop in chosen {
                guard !Task.isCancelled else { return ending(.stopped) }
                if pulls {
                    await self?.started(shop.name, sending: false)
                    let report = await sync.pull(shop, progress: { relay.send($0) }, waiting: { waits.send($0) })
                    pullReports.append(report)
                    await self?.pulled(report)
                    guard !Task.isCancelled else { return ending(.stopped) }
                }
                await self?.started(shop.name, sending: true)
                pushReports.append(await sync.push(shop, waiting: { waits.send($0) }))
                // The store's word on the shop (its last pull and error, its facts waiting and
                // refused), as `orders shop list` shows it.
                let standing = (try? await store.shops()) ?? shops
                await self?.finished(shops: standing)
            }
            return Task.isCancelled ? ending(.stopped) : ending(.pulled(pullReports), sent: pushReports)
        }
        self.work = work
        var outcome = await work.value
        self.work = nil
        relay.close()
        waits.close()
        // An operator's `:sync` typed while the pass ran asks for its outcome too.
        outcome.isRequested = state.pass?.isRequested ?? started.isRequested
        outcome.sendsAgain = state.pass?.sendsAgain ?? false
        state.pass = nil
        isLooking = false
        return outcome
    }

    /// A look for shops found one: from here on it is a pass like any other, shown as one.
    private func showLookAsPass() {
        guard isLooking, state.pass == nil else { return }
        state.pass = ShopSyncPass(isRequested: false)
    }

    /// Whether a background pass pulls `shop`: only while this user can read its credentials
    /// file. An operator whose machine lacks it (a team on PostgreSQL, where one `orders sync
    /// --watch` pulls for everyone) must not write "cannot be read" as the shop's last error every
    /// half minute over the syncer's word. `:sync` pulls every shop: the operator asked, and hears why.
    nonisolated static func pullsInBackground(_ shop: ConnectedShop) -> Bool {
        FileManager.default.isReadableFile(atPath: shop.credentialsFile)
    }

    /// Calls `changed` after a change to the orders the store's feed tells of (made by this app,
    /// another operator, a rule) when a shop has facts waiting: the change may have queued one,
    /// which a pass that sends then delivers within seconds. The feed, not a timer: an app whose
    /// orders do not change asks nothing of the store between its pulls; and a pull's own writes,
    /// which queue nothing, start no pass.
    public func followChanges(_ changed: @escaping @MainActor () -> Void) {
        guard feed == nil else { return }
        let changes = store.changes()
        let store = self.store
        feed = modelWork.following { [weak self] in
            for await change in changes where change != .savedViews {
                guard let self else { return }
                // No shop known (none at the last pass): nothing can be waiting, and the coordinator
                // would set up no pass; the store is not asked on every change of such a database.
                guard self.hasShops else { continue }
                let waiting = (try? await store.shops())?.contains { $0.factsWaiting > 0 && Self.pullsInBackground($0) } ?? false
                if waiting { changed() }
            }
        }
    }

    /// Ends the pass under way without waiting for it (the app is quitting): it stops between
    /// pages; a request in flight is left to its thread, which the process's exit ends.
    public func stop() {
        work?.cancel()
        feed?.cancel()
        feed = nil
    }

    /// Waits for a pass under way (tests).
    public func waitUntilFinished() async {
        _ = await work?.value
    }

    private func read(_ shops: [ConnectedShop]) {
        state.shops = shops.map(ShopStanding.init)
    }

    private func started(_ shop: String, sending: Bool) {
        guard var pass = state.pass else { return }
        pass.shop = shop
        pass.isSending = sending
        pass.ordersRead = 0
        pass.waiting = nil
        state.pass = pass
    }

    private func pulled(_ report: ShopPullReport) {
        state.pass?.reports.append(report)
    }

    private func finished(shops: [ConnectedShop]) {
        state.shops = shops.map(ShopStanding.init)
        guard var pass = state.pass else { return }
        pass.shop = nil
        pass.isSending = false
        pass.ordersRead = 0
        pass.waiting = nil
        state.pass = pass
    }

    func progressed(_ progress: ShopPullProgress) {
        // A late delivery for a shop already finished is dropped.
        guard var pass = state.pass, pass.shop == progress.shop else { return }
        pass.ordersRead = progress.ordersSeen
        // A page came: whatever was waited for is over.
        pass.waiting = nil
        state.pass = pass
    }

    func waited(_ wait: ShopWait) {
        guard var pass = state.pass, pass.shop == wait.shop else { return }
        pass.waiting = ShopSyncPass.Waiting(reason: wait.reason, seconds: wait.seconds, until: now().addingTimeInterval(wait.seconds))
        state.pass = pass
    }
}
