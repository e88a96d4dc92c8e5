import Foundation

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

/// One connected shop's last pull, as the `shops` table keeps it.
public struct ShopStanding: Hashable, Sendable {
    public var name: String
    /// When its last pull ended (went through or not); nil before the first.
    public var lastPullAt: Date?
    /// The last pull's failure in one sentence (the credential already redacted); nil when it went through.
    public var lastError: String?

    public init(name: String, lastPullAt: Date? = nil, lastError: String? = nil) {
        self.name = name
        self.lastPullAt = lastPullAt
        self.lastError = lastError
    }

    public init(_ shop: ConnectedShop) {
        self.init(name: shop.name, lastPullAt: shop.lastPullAt, lastError: shop.lastError)
    }
}

/// A pass over the connected shops, one after another.
public struct ShopSyncPass: Hashable, Sendable {
    /// The operator asked for it (`:sync`): what it brought is said in a notice when it ends.
    public var isRequested: Bool
    /// The shop being pulled now; nil while the pass reads the shops and takes the sync lock.
    public var shop: String?
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

    public init(isRequested: Bool, shop: String? = nil, ordersRead: Int = 0, reports: [ShopPullReport] = [],
                waiting: Waiting? = nil) {
        self.isRequested = isRequested
        self.shop = shop
        self.ordersRead = ordersRead
        self.reports = reports
        self.waiting = waiting
    }
}

/// How a pass ended, for the coordinator: whether to tell the operator, and what.
public struct ShopSyncOutcome: Hashable, Sendable {
    public enum Ending: Hashable, Sendable {
        /// Every connected shop was pulled (each report says whether it went through).
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

    public init(isRequested: Bool, ending: Ending) {
        self.isRequested = isRequested
        self.ending = ending
    }
}
