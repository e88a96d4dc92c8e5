import Foundation
import OrdersShops
import OrdersStorage

/// Where the app's pulling of the connected shops stands: the shops as the store last said
/// (each one's last pull and last error, whoever pulled: this app, another operator's, or
/// `orders sync --watch`), and the pass under way, if any.
public struct ShopSyncState: Hashable, Sendable {
    /// The connected shops, in the store's order; empty before the first pass has read them.
    public var shops: [ShopStanding]
    /// The pass under way; nil between passes.
    public var pass: ShopSyncPass?

    public init(shops: [ShopStanding] = [], pass: ShopSyncPass? = nil) {
        self.shops = shops
        self.pass = pass
    }
}

/// One connected shop's last pull and its outbox, as the store keeps them.
public struct ShopStanding: Hashable, Sendable {
    public var name: String
    /// When its last pull ended (went through or not); nil before the first.
    public var lastPullAt: Date?
    /// The last pull's failure in one sentence (the credential already redacted); nil when it went through.
    public var lastError: String?
    /// Facts made here that wait to be sent to the shop.
    public var factsWaiting: Int
    /// Facts the shop refused: an operator must look at them (`orders shop list`).
    public var factsRefused: Int

    public init(name: String, lastPullAt: Date? = nil, lastError: String? = nil, factsWaiting: Int = 0, factsRefused: Int = 0) {
        self.name = name
        self.lastPullAt = lastPullAt
        self.lastError = lastError
        self.factsWaiting = factsWaiting
        self.factsRefused = factsRefused
    }

    public init(_ shop: ConnectedShop) {
        self.init(name: shop.name, lastPullAt: shop.lastPullAt, lastError: shop.lastError, factsWaiting: shop.factsWaiting,
                  factsRefused: shop.factsRefused)
    }
}

/// A pass over the connected shops, one after another: each pulled, then sent its waiting facts;
/// or, after a change made here, only sent them (`pulls` false).
public struct ShopSyncPass: Hashable, Sendable {
    /// The operator asked for it (`:sync`): what it brought is said in a notice when it ends.
    public var isRequested: Bool
    /// Whether the pass pulls: false for a pass that only sends what a change made here queued.
    public var pulls: Bool
    /// A change made here while the pass ran may have queued a fact after the pass looked:
    /// another pass that sends follows this one.
    public var sendsAgain: Bool
    /// The shop being pulled or sent to now; nil while the pass reads the shops and takes the sync lock.
    public var shop: String?
    /// Whether the shop named by `shop` is being sent its waiting facts (after its pull).
    public var isSending: Bool
    /// Orders the shop being pulled has sent so far in this pass.
    public var ordersRead: Int
    /// What the shops pulled so far in this pass did.
    public var reports: [ShopPullReport]
    /// The shop being pulled is waiting before it is asked again, until this time; nil when it is not.
    public var waiting: Waiting?

    public struct Waiting: Hashable, Sendable {
        public var reason: ShopWait.Reason
        public var seconds: Double
        /// When the wait ends: after it the status bar says "pulling" again, even before the next page.
        public var until: Date

        public init(reason: ShopWait.Reason, seconds: Double, until: Date) {
            self.reason = reason
            self.seconds = seconds
            self.until = until
        }
    }

    public init(isRequested: Bool, pulls: Bool = true, sendsAgain: Bool = false, shop: String? = nil, isSending: Bool = false,
                ordersRead: Int = 0, reports: [ShopPullReport] = [], waiting: Waiting? = nil) {
        self.isRequested = isRequested
        self.pulls = pulls
        self.sendsAgain = sendsAgain
        self.shop = shop
        self.isSending = isSending
        self.ordersRead = ordersRead
        self.reports = reports
        self.waiting = waiting
    }
}

/// How a pass ended, for the coordinator: whether to tell the operator, and what.
public struct ShopSyncOutcome: Hashable, Sendable {
    public enum Ending: Hashable, Sendable {
        /// The pass went over the shops: each pull's report (whether it went through), none for a
        /// pass that only sent; what sending did is in `sent`.
        case pulled([ShopPullReport])
        /// The database has no connected shop: nothing was asked of any shop.
        case noShops
        /// Another syncer (`orders sync --watch`, another operator's app) holds the sync lock.
        case anotherSyncerPulling
        /// The shops or the lock could not be read: the sentence says why.
        case failed(String)
        /// The app stopped the pass (it is quitting).
        case stopped
    }

    /// The operator asked for the pass (`:sync`).
    public var isRequested: Bool
    public var ending: Ending
    /// What sending each shop its waiting facts did, in the pass's order (a shop with nothing to
    /// send gives an empty report).
    public var sent: [ShopPushReport]
    /// Whether the pass pulled: the next background pull is set up after a pass that did, not
    /// after one that only sent (it leaves the pull's timer alone).
    public var pulled: Bool
    /// A change made here during the pass asks for another pass that sends.
    public var sendsAgain: Bool

    public init(isRequested: Bool, ending: Ending, sent: [ShopPushReport] = [], pulled: Bool = true, sendsAgain: Bool = false) {
        self.isRequested = isRequested
        self.ending = ending
        self.sent = sent
        self.pulled = pulled
        self.sendsAgain = sendsAgain
    }
}
